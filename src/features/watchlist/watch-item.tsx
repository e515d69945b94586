import { type FormEvent, useState } from "react";
import { getLgmCommodity, getLgmType, getLrpCommodity, getLrpType } from "../../../shared/catalogue";
import type { WatchSetup, WatchTarget } from "../../../shared/documents/watchlist";
import { Button } from "../../components/ui/button";
import { describeTarget, TargetForm } from "./target-form";
import type { WatchFigureState } from "./use-watch-figures";
import { dollars, premiumChange, signedDollars } from "./watch-quote";

const safe = (f: () => string, fallback: string) => {
  try {
    return f();
  } catch {
    return fallback;
  }
};

/** One line describing the setup: plan, commodity, type and the choices. */
export function describeSetup(setup: WatchSetup): string {
  if (setup.plan === "lrp") {
    const commodity = safe(() => getLrpCommodity(setup.commodity).label, setup.commodity);
    const type = safe(() => getLrpType(setup.commodity, setup.type).label, setup.type);
    return `LRP · ${commodity}, ${type} · ${setup.endorsementLengthWeeks} weeks at ${(setup.coverageLevel * 100).toFixed(2).replace(/\.?0+$/, "")}% · ${setup.head} head at ${setup.targetWeightCwt} cwt`;
  }
  const commodity = safe(() => getLgmCommodity(setup.commodity).label, setup.commodity);
  const type = safe(() => getLgmType(setup.commodity, setup.type).label, setup.type);
  const head = setup.targetMarketings.reduce((a, b) => a + b, 0);
  return `LGM · ${commodity}, ${type} · ${head} marketed over ${setup.targetMarketings.length} months (${setup.targetMarketings.join(", ")}) · deductible $${setup.deductible}`;
}

export function WatchItem({
  setup,
  figures,
  hasPrevious,
  readOnly,
  onRename,
  onRemove,
  onTarget,
}: {
  setup: WatchSetup;
  figures: WatchFigureState | undefined;
  hasPrevious: boolean;
  readOnly: boolean;
  onRename(name: string): void;
  onRemove(): void;
  onTarget(target: WatchTarget | null): void;
}) {
  const [editing, setEditing] = useState(false);
  const [targeting, setTargeting] = useState(false);
  const [draft, setDraft] = useState(setup.name);
  const rename = (event: FormEvent) => {
    event.preventDefault();
    onRename(draft);
    setEditing(false);
  };

  return (
    <li className="watch-item" data-testid="watch-item" data-name={setup.name}>
      <div className="watch-item__head">
        {editing ? (
          <form onSubmit={rename} className="watch-item__rename">
            <label>
              <span className="visually-hidden">Name</span>
              <input value={draft} onChange={(e) => setDraft(e.target.value)} aria-label="Name" />
            </label>
            <Button type="submit" variant="secondary">
              Save name
            </Button>
          </form>
        ) : (
          <h2 className="watch-item__name">{setup.name}</h2>
        )}
        {readOnly || editing ? null : (
          <div className="watch-item__actions">
            <Button variant="ghost" onClick={() => setEditing(true)}>
              Rename
            </Button>
            <Button variant="ghost" onClick={() => setTargeting(true)}>
              {setup.target ? "Change target" : "Set target"}
            </Button>
            <Button variant="ghost" onClick={onRemove}>
              Remove
            </Button>
          </div>
        )}
      </div>
      <p className="watch-item__setup">{describeSetup(setup)}</p>
      {targeting ? (
        <TargetForm
          setup={setup}
          onCancel={() => setTargeting(false)}
          onSave={(target) => {
            onTarget(target);
            setTargeting(false);
          }}
        />
      ) : setup.target ? (
        <p className="watch-item__target" data-testid="watch-target">
          Alert: {describeTarget(setup.target)}
        </p>
      ) : null}
      <Figures setup={setup} figures={figures} hasPrevious={hasPrevious} />
    </li>
  );
}

function Figures({
  setup,
  figures,
  hasPrevious,
}: {
  setup: WatchSetup;
  figures: WatchFigureState | undefined;
  hasPrevious: boolean;
}) {
  if (!figures || figures.status === "pending")
    return <p className="watch-item__figures">Computing the premium…</p>;
  if (figures.status === "failed")
    return (
      <p className="watch-item__figures" role="alert">
        This setup cannot be priced with the current snapshot: {figures.message}
      </p>
    );
  const { current, previous } = figures;
  const change = premiumChange(current, previous);
  return (
    <dl className="watch-item__figures" data-testid="watch-figures">
      <div>
        <dt>Producer Premium</dt>
        <dd data-testid="producer-premium">
          {dollars(current.producerPremium)}
          {current.indicative ? " (indicative)" : ""}
        </dd>
      </div>
      {current.offeredLevel ? (
        <div>
          <dt>Coverage level</dt>
          <dd data-testid="offered-level">
            {(current.offeredLevel.offered * 100).toFixed(2)} % offered (nearest at or below the{" "}
            {(current.offeredLevel.requested * 100).toFixed(2)} % asked for)
          </dd>
        </div>
      ) : null}
      {current.perHead !== null ? (
        <div>
          <dt>Producer Premium (/head)</dt>
          <dd>{dollars(current.perHead)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Total Premium</dt>
        <dd>{dollars(current.totalPremium)}</dd>
      </div>
      <div>
        <dt>Subsidy</dt>
        <dd>{dollars(current.subsidy)}</dd>
      </div>
      <div>
        <dt>{setup.plan === "lrp" ? "Coverage Price (/cwt)" : "Gross Margin Guarantee"}</dt>
        <dd>{dollars(current.protection)}</dd>
      </div>
      <div>
        <dt>Change since the previous snapshot</dt>
        <dd data-testid="premium-change">
          {change !== null
            ? signedDollars(change)
            : hasPrevious
              ? "not priced then"
              : "no earlier snapshot on this device yet"}
        </dd>
      </div>
    </dl>
  );
}
