import { type FormEvent, useState } from "react";
import type { WatchSetup, WatchTarget } from "../../../shared/documents/watchlist";
import { lgmWatchTargetSchema, lrpWatchTargetSchema } from "../../../shared/documents/watchlist";
import { Button } from "../../components/ui/button";

// The target of one watch item (docs/market-data.md): the server tells the user when a new snapshot meets it.

const LABELS: Record<WatchTarget["kind"], string> = {
  netFloorPerCwt: "Net price floor ($/cwt) at or above",
  premiumPerHead: "Producer premium ($/head) at or below",
  lgmGuarantee: "Gross margin guarantee ($) at or above",
};

export function describeTarget(target: WatchTarget): string {
  return `${LABELS[target.kind]} $${target.value}${target.email ? " · also by e-mail" : ""}`;
}

export function TargetForm({
  setup,
  onSave,
  onCancel,
}: {
  setup: WatchSetup;
  onSave(target: WatchTarget | null): void;
  onCancel(): void;
}) {
  const kinds: WatchTarget["kind"][] =
    setup.plan === "lrp" ? ["netFloorPerCwt", "premiumPerHead"] : ["lgmGuarantee"];
  const [kind, setKind] = useState<WatchTarget["kind"]>(
    setup.target?.kind ?? (kinds[0] as WatchTarget["kind"]),
  );
  const [value, setValue] = useState(setup.target?.value ?? "");
  const [email, setEmail] = useState(setup.target?.email ?? false);
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const candidate = { kind, value: value.trim(), ...(email ? { email: true } : {}) };
    const parsed = (setup.plan === "lrp" ? lrpWatchTargetSchema : lgmWatchTargetSchema).safeParse(candidate);
    if (!parsed.success) return setError(`Amount: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    onSave(parsed.data);
  };

  return (
    <form className="watch-item__target-form" onSubmit={save} data-testid="target-form">
      <label>
        Alert when
        <select value={kind} onChange={(e) => setKind(e.target.value as WatchTarget["kind"])}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Target amount ($)
        <input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} /> Also by e-mail
      </label>
      {error ? <p role="alert">{error}</p> : null}
      <Button type="submit">Save target</Button>
      {setup.target ? (
        <Button variant="ghost" onClick={() => onSave(null)}>
          Remove target
        </Button>
      ) : null}
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
