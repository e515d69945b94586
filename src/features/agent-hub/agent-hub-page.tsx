import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { lrpActualPays } from "../../../shared/book/claims";
import { useBookIndex } from "../../components/book";
import { useToday } from "../../components/book/use-today";
import { ClaimProposalsPanel, openClaimHref, useHubProposals } from "../../components/claims";
import { todayLine } from "../../components/org-time/org-time";
import { useNow, useOrgZone } from "../../components/org-time/use-org-time";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate, formatDollars, formatNumber } from "../../lib/format";
import { useDeviceMarket } from "../../lib/sync";
import { ApplicationReview } from "./applications/application-review";
import { ApplicationsPanel } from "./applications/applications-panel";
import { CampaignsPanel } from "./campaigns-panel";
import { buildHub, ENDING_DAYS, type HubItem, inDays, PREMIUM_DAYS } from "./hub-items";
import "./agent-hub.css";

const SHOWN = 8;

// This month's expected and received commission (docs/commissions.md), with the engine loaded apart.
const CommissionHubFigures = lazy(() => import("../../components/commissions/hub-panel"));

function ItemList({
  items,
  testId,
  empty,
  detail,
  more,
}: {
  items: HubItem[];
  testId: string;
  empty: string;
  detail: (item: HubItem) => ReactNode;
  more?: ReactNode;
}) {
  if (items.length === 0) return <p className="agent-hub__note">{empty}</p>;
  return (
    <>
      <ul className="agent-hub__items" data-testid={testId}>
        {items.slice(0, SHOWN).map((item) => (
          <li key={item.id}>
            <Link to={item.href} className="agent-hub__title">
              {item.title}
            </Link>
            <Link to={item.customerHref}>{item.customer}</Link>
            <span>{detail(item)}</span>
          </li>
        ))}
      </ul>
      {items.length > SHOWN ? (
        <p className="agent-hub__note">
          And {items.length - SHOWN} more. {more}
        </p>
      ) : null}
    </>
  );
}

function Panel({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <Card className="agent-hub__panel">
      <h2>
        {title}
        {count !== undefined ? <span className="agent-hub__count"> ({count})</span> : null}
      </h2>
      {children}
    </Card>
  );
}

/**
 * /agent: what needs the agent today, from the book on this device — coverages ending soon, LRP claims
 * to file, premiums falling due, new applications (`?application=ID` opens one for review), with the
 * book's counts and the market data's date, and the quote campaigns sending today.
 */
export default function AgentHubPage() {
  const index = useBookIndex();
  const market = useDeviceMarket();
  const today = useToday();
  const zone = useOrgZone();
  const now = useNow();
  const hub = useMemo(
    () => buildHub(index.customers, index.policies, index.coverages, index.customerNames, today),
    [index, today],
  );
  const proposals = useHubProposals(index, market.current, today);
  // Ended LRP endorsements with no claim, not under "Claims that pay" (those are listed there, with
  // their indemnity): whether they pay is not known yet, or they pay nothing at RMA's actual value.
  const toFile = useMemo(() => {
    const listed = new Set([
      ...index.claims.flatMap((c) => c.coverageIds),
      ...proposals.map((p) => p.coverage.id),
    ]);
    const byId = new Map(index.coverages.map((c) => [c.id, c]));
    return hub.claims
      .filter((i) => !listed.has(i.id))
      .map((i) => {
        const coverage = byId.get(i.id);
        // HUB1: a row about a claim's deadline opens the claim form for its endorsement.
        return {
          ...i,
          href: openClaimHref(i.id),
          actual: coverage ? lrpActualPays(coverage, market.current) : null,
        };
      });
  }, [hub.claims, index.claims, index.coverages, proposals, market.current]);
  const [params] = useSearchParams();
  const applicationId = params.get("application");
  const counts: [string, string, string][] = [
    ["Active customers", formatNumber(hub.counts.customers), "/agent/customers"],
    ["Active policies", formatNumber(hub.counts.activePolicies), "/agent/policies"],
    ["Coverages in force", formatNumber(hub.counts.coveragesInForce), "/agent/coverages"],
    ["Head covered", formatNumber(hub.counts.headCovered), "/agent/coverages"],
  ];
  return (
    <div className="agent-hub" data-testid="agent-hub">
      {applicationId ? <ApplicationReview key={applicationId} id={applicationId} /> : null}
      <div className="agent-hub__top">
        <p className="agent-hub__note">
          <span data-testid="hub-today">{todayLine(now, zone)}</span>{" "}
          {market.current ? (
            <span data-testid="market-as-of">
              Market data as of <strong>{formatDate(market.current.asOf)}</strong> ({market.current.label})
              {market.stale ? " — older than the last trading day; connect to load newer prices" : ""}.
            </span>
          ) : (
            <span>No market data on this device yet; it loads with the next connection.</span>
          )}
        </p>
        <div className="agent-hub__actions">
          <ButtonLink to="/agent/customers?new=1">New customer</ButtonLink>
          <ButtonLink to="/agent/coverages/lrp/create" variant="secondary">
            New LRP coverage
          </ButtonLink>
        </div>
      </div>
      {!index.loaded ? <p>Loading your book…</p> : null}
      <dl className="agent-hub__counts" data-testid="hub-counts">
        {counts.map(([label, value, to]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <Link to={to}>{value}</Link>
            </dd>
          </div>
        ))}
      </dl>
      <div className="agent-hub__grid">
        <Panel title={`Ending in the next ${ENDING_DAYS} days`} count={hub.ending.length}>
          <ItemList
            items={hub.ending}
            testId="hub-ending"
            empty={`No coverage ends in the next ${ENDING_DAYS} days.`}
            detail={(i) =>
              `${formatNumber(i.head)} head · ends ${formatDate(i.date)} (${inDays(i.daysLeft)})`
            }
            more={<Link to="/agent/coverages?ending=30">See them all under Coverages.</Link>}
          />
        </Panel>
        <ClaimProposalsPanel index={index} snapshot={market.current} proposals={proposals} today={today} />
        <Panel title="Ended LRP endorsements without a claim" count={toFile.length}>
          <p className="agent-hub__note">
            Whether these pay is not known yet (RMA's actual ending value is not in the market data on this
            device), or they pay nothing. A claim (notice of probable loss) is filed within 60 days of the end
            date.
          </p>
          <ItemList
            items={toFile}
            testId="hub-claims"
            empty="Every ended LRP endorsement has a claim or is under Claims that pay."
            detail={(i) => {
              const { actual } = i as (typeof toFile)[number];
              return `file by ${formatDate(i.date)} (${inDays(i.daysLeft)})${
                actual
                  ? ` · pays nothing: actual ending value ${formatDollars(actual.value, { cents: true })}/cwt`
                  : " · actual ending value not published yet"
              }`;
            }}
          />
        </Panel>
        <Panel title={`Premiums due in the next ${PREMIUM_DAYS} days`} count={hub.premiums.length}>
          {hub.premiums.length > 0 ? (
            <p className="agent-hub__note">
              Producer premium due in all:{" "}
              <strong>{formatDollars(hub.premiumsTotal, { cents: true })}</strong>
            </p>
          ) : null}
          <ItemList
            items={hub.premiums}
            testId="hub-premiums"
            empty={`No premium falls due in the next ${PREMIUM_DAYS} days.`}
            detail={(i) =>
              `${formatDollars(i.producerPremium, { cents: true })} due ${formatDate(i.date)} (${inDays(i.daysLeft)})`
            }
          />
        </Panel>
        <Panel title="Commission this month">
          <Suspense fallback={<p className="agent-hub__note">Figuring this month's commission…</p>}>
            <CommissionHubFigures today={today} />
          </Suspense>
        </Panel>
        <Panel title="New applications">
          <ApplicationsPanel />
        </Panel>
        <Panel title="Campaigns sending today">
          <CampaignsPanel />
        </Panel>
      </div>
    </div>
  );
}
