import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { upgradeTexts } from "./text-upgrade";

// The Yjs side of a migration for the claim's and the campaign's free text (docs/sync-rules.md TEXT1, TEXT1): a stored
// claim note and a campaign name written as plain strings become shared texts holding them, once, on
// the server (persistence.ts runs upgradeTexts when it migrates a stored document to a newer version),
// so two devices never each make one and lose the other's typing. Other values stay as they are.

describe("upgradeTexts for claims and campaigns", () => {
  it("makes a claim note's text a Y.Text and leaves the rest of the note and the claim alone", () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      doc.getMap("notes").set("n1", { id: "n1", text: "Loss reported.", authorId: "u-agent" });
      doc.getMap("claim").set("deniedReason", "late");
    });
    expect(upgradeTexts(doc, "claim")).toBe(1);
    const note = doc.getMap("notes").get("n1") as Y.Map<unknown>;
    expect(note).toBeInstanceOf(Y.Map);
    expect(note.get("text")).toBeInstanceOf(Y.Text);
    expect(note.toJSON()).toEqual({ id: "n1", text: "Loss reported.", authorId: "u-agent" });
    expect(doc.getMap("claim").get("deniedReason")).toBe("late");
    expect(upgradeTexts(doc, "claim")).toBe(0); // once
  });

  it("makes a campaign's name a Y.Text and leaves its quote and schedule plain", () => {
    const doc = new Y.Doc();
    const quote = { plan: "lrp", commodity: "0801" };
    doc.transact(() => {
      doc.getMap("campaign").set("name", "Morning LRP");
      doc.getMap("campaign").set("quote", quote);
      doc.getMap("schedule").set("sendTime", "07:00");
    });
    expect(upgradeTexts(doc, "campaign")).toBe(1);
    expect(doc.getMap("campaign").get("name")).toBeInstanceOf(Y.Text);
    expect(doc.getMap("campaign").toJSON()).toEqual({ name: "Morning LRP", quote });
    expect(doc.getMap("campaign").get("quote")).toEqual(quote);
    expect(doc.getMap("schedule").get("sendTime")).toBe("07:00");
  });
});
