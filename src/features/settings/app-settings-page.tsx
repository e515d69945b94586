import { type CSSProperties, type FormEvent, useMemo } from "react";
import { Link } from "react-router";
import { contrastRatio, WCAG_AA_NORMAL_TEXT } from "../../../shared/admin/contrast";
import { DEFAULT_COLOR_SCHEME } from "../../../shared/catalogue/app-defaults";
import {
  type ColorScheme,
  colorSchemeSchema,
  ORGANISATION_DEFAULTS,
} from "../../../shared/schemas/organisation";
import { BookForm, Field, FieldGroup } from "../../components/book-forms";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { LogoUploads } from "./logo-uploads";
import { draftFrom, saveDraft } from "./settings-draft";
import { useOrgSettings } from "./use-org-settings";
import { useSettingsSave } from "./use-settings-save";
import "./settings.css";

const COLOURS: { key: keyof ColorScheme; label: string; use: string }[] = [
  { key: "primary", label: "Primary", use: "header, main buttons, links" },
  { key: "secondary", label: "Secondary", use: "second buttons, highlights" },
  { key: "success", label: "Success", use: "confirmations" },
  { key: "info", label: "Information", use: "notices" },
  { key: "warning", label: "Warning", use: "cautions" },
  { key: "error", label: "Error", use: "errors and refusals" },
];
/** The text colour on primary (theme.css --color-on-primary). */
const ON_PRIMARY = "#ffffff";

const schemeOf = (settings: Record<string, unknown>): ColorScheme => {
  const parsed = colorSchemeSchema.safeParse(settings.colorScheme);
  return parsed.success ? parsed.data : { ...DEFAULT_COLOR_SCHEME };
};

/** /settings/app (admins): the colour scheme with a live preview, logos, and the order button. */
export default function AppSettingsPage() {
  const { orgId, settings, loaded, readOnly, apply, session } = useOrgSettings();
  const stored = useMemo(
    () => ({
      scheme: schemeOf(settings),
      fields: draftFrom(settings, {
        text: ["orderButtonText"],
        flags: { isOrderButtonHidden: ORGANISATION_DEFAULTS.isOrderButtonHidden },
      }),
    }),
    [settings],
  );
  const { draft: form, issues, message, change, save } = useSettingsSave(stored, apply);
  const { scheme, fields: draft } = form;
  const setField = (field: string, value: string | boolean) =>
    change((f) => ({ ...f, fields: { ...f.fields, [field]: value } }));

  if (!orgId) return <Alert tone="warning">Your account belongs to no organisation.</Alert>;
  if (!loaded) return <p>Loading the organisation's settings…</p>;

  const ratio = contrastRatio(ON_PRIMARY, scheme.primary);
  const lowContrast = ratio !== null && ratio < WCAG_AA_NORMAL_TEXT;
  const previewStyle = Object.fromEntries(
    COLOURS.map(({ key }) => [
      `--color-${key}`,
      colorSchemeSchema.shape[key].safeParse(scheme[key]).success ? scheme[key] : undefined,
    ]),
  ) as CSSProperties;

  const setColour = (key: keyof ColorScheme, value: string) =>
    change((f) => ({ ...f, scheme: { ...f.scheme, [key]: value } }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const orderText = String(draft.orderButtonText ?? "").trim();
    save(
      event,
      () =>
        saveDraft(
          settings,
          { isOrderButtonHidden: draft.isOrderButtonHidden === true },
          {
            colorScheme: scheme,
            orderButtonText: orderText === "" ? ORGANISATION_DEFAULTS.orderButtonText : orderText,
          },
        ),
      { saved: () => "Saved. Every member's screen takes the new look now." },
    );
  };

  return (
    <div className="settings" data-testid="app-settings-page">
      <p className="settings__intro">
        How the app looks for your agency's members and customers: colours, the order button on quote screens,
        logos. Your agency's name, address and contact details are under{" "}
        <Link to="/settings">Application settings</Link>.
      </p>
      <BookForm className="settings__form" onSubmit={submit} data-testid="app-settings-form">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <FieldGroup legend="Colours">
          <p className="book-form__help">
            Type a hex colour like #AC141C or pick one. The preview follows as you type.
          </p>
          <div className="settings__colours">
            {COLOURS.map(({ key, label, use }) => (
              <Field
                key={key}
                label={label}
                path={`colorScheme.${key}`}
                issues={issues}
                required
                hint={use}
                addon={
                  <input
                    type="color"
                    className="settings__colour-picker"
                    aria-label={`${label} colour picker`}
                    value={/^#[0-9a-f]{6}$/i.test(scheme[key]) ? scheme[key].toLowerCase() : "#000000"}
                    onChange={(e) => setColour(key, e.target.value.toUpperCase())}
                    disabled={readOnly}
                  />
                }
              >
                <input
                  className="book-input"
                  name={`colorScheme.${key}`}
                  value={scheme[key]}
                  onChange={(e) => setColour(key, e.target.value.trim())}
                  disabled={readOnly}
                  spellCheck={false}
                />
              </Field>
            ))}
          </div>
          {lowContrast ? (
            <Alert tone="warning" title="Hard to read">
              White text on this primary colour has a contrast of {ratio?.toFixed(2)}:1; WCAG AA asks for at
              least {WCAG_AA_NORMAL_TEXT}:1. Choose a darker primary so buttons and the header stay readable.
            </Alert>
          ) : ratio !== null ? (
            <p className="book-form__help" data-testid="contrast-ok">
              Text on the primary colour: contrast {ratio.toFixed(2)}:1 (WCAG AA needs {WCAG_AA_NORMAL_TEXT}
              :1).
            </p>
          ) : null}
          <div className="settings__preview" style={previewStyle} data-testid="colour-preview">
            <p className="book-form__help settings__preview-label">Preview (not saved yet)</p>
            <div className="settings__preview-bar">{String(settings.name ?? "Your agency")}</div>
            <div className="settings__preview-body">
              <p>
                A quote screen in these colours, with{" "}
                <span className="settings__preview-link">a link to the terms</span>.
              </p>
              <div className="settings__preview-buttons">
                <Button tabIndex={-1}>
                  {String(draft.orderButtonText || ORGANISATION_DEFAULTS.orderButtonText)}
                </Button>
                <Button tabIndex={-1} variant="secondary">
                  Save
                </Button>
              </div>
              <Alert tone="success">Coverage saved.</Alert>
              <Alert tone="warning">The sales window closes in 10 minutes.</Alert>
              <Alert tone="error">The head count is over the limit.</Alert>
            </div>
          </div>
        </FieldGroup>
        <FieldGroup legend="Order button">
          <label className="settings__check">
            <input
              type="checkbox"
              name="isOrderButtonHidden"
              checked={draft.isOrderButtonHidden === true}
              onChange={(e) => setField("isOrderButtonHidden", e.target.checked)}
              disabled={readOnly}
            />
            Hide the order button on quote screens
          </label>
          <Field
            label="Order button text"
            path="orderButtonText"
            issues={issues}
            hint={`Blank: "${ORGANISATION_DEFAULTS.orderButtonText}"`}
          >
            <input
              className="book-input"
              name="orderButtonText"
              value={String(draft.orderButtonText ?? "")}
              placeholder={ORGANISATION_DEFAULTS.orderButtonText}
              onChange={(e) => setField("orderButtonText", e.target.value)}
              disabled={readOnly}
            />
          </Field>
        </FieldGroup>
        {readOnly ? null : (
          <div className="book-form__actions">
            <Button type="submit" data-testid="app-settings-save">
              Save look
            </Button>
            <Button
              variant="ghost"
              onClick={() => change((f) => ({ ...f, scheme: { ...DEFAULT_COLOR_SCHEME } }))}
            >
              Back to the default colours
            </Button>
          </div>
        )}
      </BookForm>
      {readOnly ? null : (
        <LogoUploads
          orgId={orgId}
          settings={settings}
          apply={apply}
          getAccessToken={session.getAccessToken}
        />
      )}
    </div>
  );
}
