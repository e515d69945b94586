// `npm run bench`: the pricing engine's speed (docs/pricing.md). Not a test: it prints a table.
//   LGM: 5,000 correlated draws over 10 marketing months with the full deductible curve, against a
//        straightforward reference (plain arrays, Math.random Box–Muller, re-simulating per deductible).
//   LRP: the whole offer table of one type (every length × level of the sample).
import { lgmDeductibleSteps } from "../shared/catalogue";
import { daysBetween } from "../shared/market/dates";
import { generateSampleSnapshot } from "../shared/market/sample/generate";
import { priceLgm, quoteLrp } from "../shared/pricing";
import { targetCorrelation } from "../shared/pricing/lgm/correlation";
import { marginTerms } from "../shared/pricing/lgm/formula";
import { type MarginModel, marginModel } from "../shared/pricing/lgm/margin-model";
import { insurancePeriod } from "../shared/pricing/lgm/period";
import { normInv } from "../shared/pricing/math/normal";

const ASOF = "2026-11-20";
const snapshot = generateSampleSnapshot(ASOF);

const lgmInput = {
  commodity: "0803",
  type: "808",
  salesDate: ASOF,
  targetMarketings: [0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
  deductible: 20,
  cropYear: 2026,
  seed: 2026,
  // Elected weights: RMA-style draws are for the defaults, so this always runs our own simulation.
  weights: { corn: 55 },
};
const lrpInput = {
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: 26,
  coverageLevel: 1,
  head: 200,
  targetWeightCwt: 8,
  cropYear: 2026,
  salesDate: ASOF,
};

// ---- Reference LGM: the obvious way, kept here only as a yardstick. ----

function boxMuller(): number {
  const u = 1 - Math.random();
  const v = Math.random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function choleskyPlain(a: number[][]): number[][] {
  const n = a.length;
  const l = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = a[i][j];
      for (let p = 0; p < j; p++) s -= l[i][p] * l[j][p];
      l[i][j] = i === j ? Math.sqrt(s) : s / l[j][j];
    }
  return l;
}

function solveLowerPlain(l: number[][]): number[][] {
  const n = l.length;
  const inv = l.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    inv[i][i] = 1 / l[i][i];
    for (let j = 0; j < i; j++) {
      let s = 0;
      for (let p = j; p < i; p++) s += l[i][p] * inv[p][j];
      inv[i][j] = -s / l[i][i];
    }
  }
  return inv;
}

function referenceSimulation(model: MarginModel, draws: number): number[][] {
  const k = model.contracts.length;
  // Lognormal marginals from Box–Muller normals.
  const marginals = model.contracts.map((c) => {
    const sd = (c.impliedVolatility ?? 0.2) * Math.sqrt(Math.max(daysBetween(ASOF, c.expiry), 1) / 365);
    const xs: number[] = [];
    for (let i = 0; i < draws; i++) xs.push(c.settle * Math.exp(sd * boxMuller() - (sd * sd) / 2));
    return xs.sort((a, b) => a - b);
  });
  // Iman–Conover with plain arrays.
  const scores: number[] = [];
  for (let r = 0; r < draws; r++) scores.push(normInv((r + 1) / (draws + 1)));
  const s = marginals.map(() => {
    const col = scores.slice();
    for (let i = col.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [col[i], col[j]] = [col[j], col[i]];
    }
    return col;
  });
  const e = s.map((a) =>
    s.map((b) => {
      let num = 0;
      let da = 0;
      let db = 0;
      for (let r = 0; r < draws; r++) {
        num += a[r] * b[r];
        da += a[r] * a[r];
        db += b[r] * b[r];
      }
      return num / Math.sqrt(da * db);
    }),
  );
  const c = targetCorrelation(model.contracts);
  const target = model.contracts.map((_, i) => model.contracts.map((_, j) => c[i * k + j]));
  const p = choleskyPlain(target);
  const qInv = solveLowerPlain(choleskyPlain(e));
  const m = p.map((row) => qInv[0].map((_, j) => row.reduce((sum, v, q) => sum + v * qInv[q][j], 0)));
  const prices = marginals.map(() => new Array<number>(draws).fill(0));
  for (let j = 0; j < k; j++) {
    const t = scores.map((_, r) => m[j].reduce((sum, coef, l) => sum + coef * s[l][r], 0));
    const order = t.map((_, r) => r).sort((a, b) => t[a] - t[b]);
    order.forEach((row, rank) => {
      prices[j][row] = marginals[j][rank];
    });
  }
  // Per-draw, per-month margins.
  return prices[0].map((_, i) =>
    model.months.map((terms) => terms.reduce((sum, t) => sum + t.coefficient * prices[t.contract][i], 0)),
  );
}

function referenceCurve(): number[] {
  const months = insurancePeriod("0803", ASOF);
  const model = marginModel(snapshot, marginTerms("0803", "808", lgmInput.weights), months);
  const h = lgmInput.targetMarketings;
  const expected = model.months.map((terms) =>
    terms.reduce((s, t) => s + t.coefficient * model.contracts[t.contract].settle, 0),
  );
  const egm = expected.reduce((s, p, m) => s + p * h[m], 0);
  const heads = h.reduce((a, b) => a + b, 0);
  return lgmDeductibleSteps("0803").map((d) => {
    const gm = referenceSimulation(model, 5000);
    const gmg = egm - Number(d) * heads;
    let loss = 0;
    for (const row of gm) loss += Math.max(gmg - row.reduce((s, v, m) => s + v * h[m], 0), 0);
    return Math.round((1.03 * loss) / gm.length);
  });
}

// ---- Timing ----
// Wall-clock medians, and beside them the median CPU time of this process (process.cpuUsage), which
// stays meaningful when other work shares the machine's two cores.

interface Timing {
  wall: number;
  cpu: number;
}

function median(run: () => unknown, iterations: number, warmup: number): Timing {
  for (let i = 0; i < warmup; i++) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const c0 = process.cpuUsage();
    const start = performance.now();
    run();
    wall.push(performance.now() - start);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { wall: mid(wall), cpu: mid(cpu) };
}

const lgmOurs = median(() => priceLgm(lgmInput, snapshot), 40, 5);
const lgmReference = median(referenceCurve, 5, 1);
const offers = quoteLrp(lrpInput, snapshot, { all: true }).offers?.length ?? 0;
const lrpOurs = median(() => quoteLrp(lrpInput, snapshot, { all: true }), 300, 30);

const check = priceLgm(lgmInput, snapshot);
const ours = check.curve.map((p) => p.totalPremium.toNumber());
const reference = referenceCurve();

const fmt = (t: Timing, digits: number) => `${t.wall.toFixed(digits)} (cpu ${t.cpu.toFixed(digits)})`;
const rows = [
  ["case", "ours, median ms", "reference, median ms", "ratio", "goal"],
  [
    `LGM 808: ${check.matrix.draws} correlated draws x 10 marketing months, ${check.curve.length}-step deductible curve`,
    fmt(lgmOurs, 2),
    fmt(lgmReference, 0),
    `${(lgmReference.wall / lgmOurs.wall).toFixed(1)}x`,
    "<= 20 ms, >= 5x",
  ],
  [`LRP 0801/810: whole offer table (${offers} rows)`, fmt(lrpOurs, 3), "-", "-", "<= 2 ms"],
];
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((cell, c) => cell.padEnd(widths[c])).join(" | "));
  if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
}
console.log(
  `\nTotal premium at $0 / $70 / $150 deductible: ours ${ours[0]} / ${ours[7]} / ${ours[15]}; reference (other random numbers) ${reference[0]} / ${reference[7]} / ${reference[15]}`,
);
