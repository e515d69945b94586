import { lazy } from "react";

// Charts load with the first screen that draws one, never with the app shell.
export const LineChart = lazy(() => import("./line-chart"));
