import * as fakeIndexedDB from "fake-indexeddb";
import { vi } from "vitest";

// A Vitest worker runs its test files one after another in one process (vitest.config.ts: isolate
// false), so before each file:
// - our own modules are evaluated afresh: their module-level state (caches, maps of pending reads and
//   timers) starts empty, as on a page load. Packages under node_modules stay loaded; evaluating them
//   again for every file was a quarter of the suite's time.
// - the globals a file may have left are put back: fake timers off, stubbed globals restored, and an
//   empty in-memory IndexedDB (every IDB* class of fake-indexeddb; a file that imports
//   fake-indexeddb/auto after another did would otherwise get no globals, or the last file's data).
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.resetModules();
const { indexedDB: _shared, IDBFactory, forceCloseDatabase: _close, ...classes } = fakeIndexedDB;
for (const [name, value] of Object.entries({ ...classes, indexedDB: new IDBFactory() }))
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
Object.defineProperty(globalThis, "IDBFactory", { value: IDBFactory, configurable: true, writable: true });
