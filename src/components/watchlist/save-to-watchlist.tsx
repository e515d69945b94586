import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { getLgmType, getLrpType } from "../../../shared/catalogue";
import { DomainError } from "../../../shared/errors";
import { type NewWatchSetup, useSaveToWatchlist } from "../../lib/sync/react/use-save-to-watchlist";
import type { Unnamed } from "../../lib/sync/react/watch-setup";
import { Field } from "../book-forms/field";
import { focusFirstInvalid } from "../book-forms/focus-invalid";
import { Button } from "../ui/button";
import "./save-to-watchlist.css";

// "Save to watchlist" on the LRP and LGM quote screens: the setup being quoted, named by the user,
// into their synced watchlist. Shown only to signed-in agents and customers; the screens render it
// through save-to-watchlist-slot.tsx, which loads this module (and the sync layer) only for them.

function suggestedName(setup: Unnamed): string {
  try {
    if (setup.plan === "lrp")
      return `${getLrpType(setup.commodity, setup.type).label}, ${setup.head} head, ${setup.endorsementLengthWeeks} weeks`;
    return `LGM ${getLgmType(setup.commodity, setup.type).label}, deductible ${setup.deductible}`;
  } catch {
    return "Saved quote";
  }
}

function SaveToWatchlistForm({ setup }: { setup: Unnamed }) {
  const watchlist = useSaveToWatchlist();
  const [name, setName] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!watchlist.available) return null;
  const shownName = name ?? suggestedName(setup);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (shownName.trim() === "") {
      setError("enter a name for this setup in your watchlist");
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
      return;
    }
    try {
      watchlist.save({ ...setup, name: shownName } as NewWatchSetup);
      setSaved(true);
      setError(null);
    } catch (e) {
      setError(e instanceof DomainError ? e.message : String(e));
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
    }
  };
  return (
    <form className="save-to-watchlist no-print" onSubmit={save} aria-label="Save to watchlist" noValidate>
      <Field label="Name in your watchlist" error={error ?? undefined} required>
        <input
          className="book-input"
          value={shownName}
          onChange={(e) => {
            setName(e.target.value);
            setSaved(false);
          }}
        />
      </Field>
      <div className="save-to-watchlist__actions">
        <Button type="submit" variant="secondary">
          Save to watchlist
        </Button>
        {saved ? (
          <span role="status">
            Saved. <Link to="/insurance/watchlist">Open the watchlist</Link>
          </span>
        ) : null}
      </div>
    </form>
  );
}

export default SaveToWatchlistForm;
