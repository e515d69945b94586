import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { writeSections } from "./doc-json";

// TEXT1 on the server's writes: a string written where a shared text is edits that text in place.

function campaignWithName(name: string): Y.Doc {
  const doc = new Y.Doc();
  doc.getMap("campaign").set("name", new Y.Text(name));
  return doc;
}

describe("writeSections", () => {
  it("changes a shared text by one splice and keeps the same text", () => {
    const doc = campaignWithName("Fall calves ");
    const text = doc.getMap("campaign").get("name");
    writeSections(doc, { campaign: { name: "Fall calves" } });
    expect(doc.getMap("campaign").get("name")).toBe(text);
    expect(String(text)).toBe("Fall calves");
  });

  it("keeps what someone typed into the text at the same moment", () => {
    const server = campaignWithName("Fall calve ");
    const device = new Y.Doc();
    Y.applyUpdate(device, Y.encodeStateAsUpdate(server));
    // The device types "s" after "calve" while the server saves the name trimmed.
    (device.getMap("campaign").get("name") as Y.Text).insert(10, "s");
    writeSections(server, { campaign: { name: "Fall calve" } });
    Y.applyUpdate(server, Y.encodeStateAsUpdate(device));
    Y.applyUpdate(device, Y.encodeStateAsUpdate(server));
    expect(String(server.getMap("campaign").get("name"))).toBe("Fall calves");
    expect(String(device.getMap("campaign").get("name"))).toBe("Fall calves");
  });

  it("writes an unchanged text as nothing at all", () => {
    const doc = campaignWithName("Spring");
    let updates = 0;
    doc.on("update", () => updates++);
    doc.transact(() => writeSections(doc, { campaign: { name: "Spring" } }));
    expect(updates).toBe(0);
  });
});
