import { TASKS as SERVER_TASKS } from "../../../sync-server/work/tasks";
import { TASKS as POOL_TEST_TASKS } from "./pool-tasks";

// The server's task table plus one that holds a thread until the test says (pool-routes.test.ts):
// the routes' own tasks run as in production while the test fills the pool's queue.

export const TASKS = { ...SERVER_TASKS, hold: POOL_TEST_TASKS.hold };

export type ServerTestTasks = typeof TASKS;
