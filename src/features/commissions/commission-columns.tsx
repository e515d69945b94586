import type { CommissionLine, CommissionProblem } from "../../../shared/commissions/expected";
import { sum } from "../../../shared/commissions/rounding";
import type { Column } from "../../components/records/record-table";
import { formatDate, formatDollars } from "../../lib/format";
import { companyName, planCommodityLabel } from "./labels";

// The columns of the commission lines list: what each line is about, the premium and rate it was
// figured on, and the commission (an agent: their own part; an admin: the line, with each agent's part).

const PROBLEMS: Record<CommissionProblem, string> = {
  "no-rate": "no rate entered for this company, year and plan",
  "no-premium": "no total premium on the coverage",
  "no-provider": "the policy names no company",
  "no-split": "the policy has no split: all to the agency",
};

export const problemText = (problems: readonly CommissionProblem[]): string =>
  problems.map((p) => PROBLEMS[p] ?? p).join("; ");

const money = (amount: string) => formatDollars(amount, { cents: true });

export function lineColumns(
  agentView: boolean,
  customerName: (id: string) => string,
  agentName: (id: string) => string,
): Column<CommissionLine>[] {
  const own = (l: CommissionLine) => sum(l.parts.map((p) => p.amount));
  return [
    { key: "on", label: "Date", value: (l) => l.on, render: (l) => formatDate(l.on) },
    { key: "customer", label: "Customer", value: (l) => customerName(l.customerId) },
    { key: "policy", label: "Policy number", value: (l) => l.policyNumber ?? "" },
    { key: "company", label: "Company", value: (l) => companyName(l.providerId) },
    { key: "coverage", label: "Coverage", value: (l) => planCommodityLabel(l.plan, l.commodity) },
    {
      key: "kind",
      label: "Kind",
      value: (l) => (l.kind === "chargeback" ? "Chargeback" : l.business === "new" ? "New" : "Renewal"),
    },
    {
      key: "premium",
      label: "Total premium",
      value: (l) => l.totalPremium,
      render: (l) => money(l.totalPremium),
      align: "end",
    },
    {
      key: "rate",
      label: "Rate",
      value: (l) => l.ratePercent ?? "",
      render: (l) => (l.ratePercent === null ? "—" : `${l.ratePercent} %`),
      align: "end",
    },
    agentView
      ? { key: "amount", label: "Your part", value: own, render: (l) => money(own(l)), align: "end" }
      : {
          key: "amount",
          label: "Commission",
          value: (l) => l.amount,
          render: (l) => money(l.amount),
          align: "end",
        },
    ...(agentView
      ? []
      : [
          {
            key: "parts",
            label: "Split",
            value: (l: CommissionLine) =>
              l.parts.map((p) => `${p.agentId ? agentName(p.agentId) : "Agency"} ${p.amount}`).join("; "),
          },
        ]),
    { key: "problems", label: "To enter", value: (l) => problemText(l.problems) },
  ];
}
