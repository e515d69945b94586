/// <reference lib="webworker" />
import { expose } from "comlink";
import { createPricingApi } from "./api";

// The compute worker: the pricing engine off the main thread, exposed through Comlink.
expose(createPricingApi());
