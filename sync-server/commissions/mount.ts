import type { MountResource } from "../routes/context";
import { mountCommissions as mount } from "./routes";

/** Commissions: the agency's schedules and its expected lines (docs/commissions.md). */
export const mountCommissions: MountResource = (api, ctx) =>
  mount(api, { storage: ctx.storage, verify: ctx.verify, hocuspocus: ctx.hocuspocus });
