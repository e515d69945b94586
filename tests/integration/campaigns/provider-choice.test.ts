import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Config, readConfig } from "../../../sync-server/config";
import { emailSenderFrom } from "../../../sync-server/outbound/email";
import { smsSenderFrom } from "../../../sync-server/outbound/sms";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";

// Which provider the server uses comes from its environment: SendGrid with SENDGRID_API_KEY, else SMTP
// with SMTP_URL, else the local outbox; Twilio only with its account, token and sending number, else the
// local SMS outbox. A malformed sending number is refused at start, saying which variable and why.

const dir = mkdtempSync(join(tmpdir(), "rangeline-provider-choice-"));
const storage = new SqliteStorage(join(dir, "s.sqlite"));
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = (env: Record<string, string>): Config => {
  const result = readConfig({ NODE_ENV: "test", DATA_DIR: dir, ...env });
  if ("errors" in result) throw new Error(result.errors.join("; "));
  return result;
};

describe("provider choice from the environment", () => {
  it("e-mail: SendGrid, else SMTP, else the outbox", () => {
    expect(
      emailSenderFrom(config({ SENDGRID_API_KEY: "SG.k", SMTP_URL: "smtp://127.0.0.1:2525" }), storage).kind,
    ).toBe("sendgrid");
    expect(emailSenderFrom(config({ SMTP_URL: "smtp://127.0.0.1:2525" }), storage).kind).toBe("smtp");
    expect(emailSenderFrom(config({ SENDGRID_API_KEY: " " }), storage).kind).toBe("outbox");
  });
  it("SMS: Twilio only with account, token and number; else the outbox", () => {
    const twilio = { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15550000001" };
    expect(smsSenderFrom(config(twilio), storage).kind).toBe("twilio");
    expect(smsSenderFrom(config({ ...twilio, TWILIO_FROM: "" }), storage).kind).toBe("outbox");
    expect(smsSenderFrom(config({ ...twilio, TWILIO_ACCOUNT_SID: "" }), storage).kind).toBe("outbox");
  });
  it("a sending number that is not E.164 stops the start with the variable named", () => {
    expect(readConfig({ NODE_ENV: "test", TWILIO_FROM: "555-0100" })).toEqual({
      errors: ["TWILIO_FROM: must be an E.164 phone number, e.g. +15555550100"],
    });
  });
});
