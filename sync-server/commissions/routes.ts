import type { Hocuspocus } from "@hocuspocus/server";
import type { Hono } from "hono";
import type * as Y from "yjs";
import { z } from "zod";
import { linesOfAgent } from "../../shared/commissions/expected";
import {
  type CommissionSchedule,
  commissionScheduleSchema,
  MAX_COMMISSION_SCHEDULES,
} from "../../shared/documents/commission";
import { documentName } from "../../shared/documents/names";
import { now } from "../clock";
import { callerOf, idSchema, parse, parseBody } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { writeSections } from "../sync/doc-json";
import { organisationLines } from "./lines";

// Commissions on the server (docs/commissions.md):
//   PUT /api/orgs/{orgId}/commission-schedules {schedules: [...]}  (admins; COMM5) replaces the
//     organisation's rate rows in the book document, for agencies that keep their rates elsewhere; rows
//     without an id get one from their key; 200 {schedules: n}; 400 naming the bad row.
//   GET /api/orgs/{orgId}/commissions[?cropYear=YYYY]  (agents and admins; COMM4) the expected lines:
//     an admin gets every line, an agent only the lines they have a part in, with only their own parts
//     (the command line's `commissions reconcile` reads this; `agentId` names an agent's view). Customers
//     and partners: 403.

const scheduleRowSchema = commissionScheduleSchema
  .omit({ updatedAt: true, updatedBy: true })
  .extend({ id: commissionScheduleSchema.shape.id.optional() });

const schedulesBodySchema = z.strictObject({
  schedules: z
    .array(scheduleRowSchema)
    .max(
      MAX_COMMISSION_SCHEDULES,
      `an organisation keeps at most ${MAX_COMMISSION_SCHEDULES.toLocaleString("en-US")} commission schedule rows`,
    ),
});

/** A row's id from its key, when the agency's system sends none. */
const keyId = (row: z.infer<typeof scheduleRowSchema>) =>
  `${row.providerId}.${row.reinsuranceYear}.${row.plan}.${row.commodity ?? "all"}.${row.effectiveDate}`;

const cropYearQuery = z.strictObject({
  cropYear: z.coerce
    .number({ error: "cropYear is a year, such as 2027" })
    .int("cropYear is a year, such as 2027")
    .min(1900, "cropYear is a year, such as 2027")
    .max(2100, "cropYear is a year, such as 2027")
    .optional(),
});

export function mountCommissions(
  app: Hono,
  options: {
    storage: Storage;
    verify: VerifyToken;
    hocuspocus: Pick<Hocuspocus, "openDirectConnection">;
  },
): void {
  app.put("/api/orgs/:orgId/commission-schedules", async (c) => {
    const org = parse(c, idSchema, c.req.param("orgId"), "organisation id");
    if ("response" in org) return org.response;
    const who = await callerOf(c, options, {
      org: org.data,
      roles: ["admin"],
      forbidden: `Only admins of ${org.data} may set its commission schedules.`,
    });
    if ("response" in who) return who.response;
    const body = await parseBody(c, schedulesBodySchema);
    if ("response" in body) return body.response;
    const at = now().toISOString();
    const rows: Record<string, CommissionSchedule> = {};
    for (const [i, row] of body.data.schedules.entries()) {
      const id = row.id ?? keyId(row);
      if (Object.hasOwn(rows, id))
        return c.json(
          {
            error: "invalid-input",
            message: `The request body is invalid: schedules.${i}: the row ${id} is given twice (one rate per company, reinsurance year, plan, commodity and effective date).`,
          },
          400,
        );
      rows[id] = { ...row, id, updatedAt: at, updatedBy: who.identity.sub };
    }
    const direct = await options.hocuspocus.openDirectConnection(documentName.book(org.data), {
      server: true,
    });
    try {
      await direct.transact((doc: Y.Doc) => writeSections(doc, { commissionSchedules: rows }));
    } finally {
      await direct.disconnect();
    }
    return c.json({ schedules: Object.keys(rows).length });
  });

  app.get("/api/orgs/:orgId/commissions", async (c) => {
    const org = parse(c, idSchema, c.req.param("orgId"), "organisation id");
    if ("response" in org) return org.response;
    const who = await callerOf(c, options, {
      org: org.data,
      roles: ["admin", "agent"],
      forbidden: `Only agents and admins of ${org.data} may read its commissions.`,
    });
    if ("response" in who) return who.response;
    const query = parse(c, cropYearQuery, c.req.query(), "query");
    if ("response" in query) return query.response;
    const lines = await organisationLines(options.storage, org.data, query.data.cropYear);
    c.header("Cache-Control", "no-store");
    const admin = who.roles.includes("admin");
    return c.json(
      admin ? { lines } : { lines: linesOfAgent(lines, who.identity.sub), agentId: who.identity.sub },
    );
  });
}
