// How agencies write a livestock commodity and a plan, beside the catalogue's codes and labels
// (shared/catalogue/livestock.ts, plans.ts: RMA's commodity codes 0801 Feeder Cattle, 0802 Fed Cattle,
// 0803 Cattle, 0815 Swine, 0847 Dairy Cattle; plan codes 81 LRP and 82 LGM, as in RMA's ADM files —
// ../shared/rma/2024_ADMLivestockLrp_Daily_20231214.zip's "Insurance Plan Code" is 81). The market
// names follow CME's contracts the commodities insure against (Feeder Cattle FC/GF, Live Cattle LC/LE,
// Lean Hogs LH/HE); the rest are the words agencies use ("Feeders", "Fats", "Hogs"). "FC" is Feeder
// Cattle, as on CME: fed cattle are "Live Cattle" (LC).

/** Commodity code → other names. */
export const COMMODITY_NAMES: Readonly<Record<string, readonly string[]>> = {
  "0801": [
    "Feeders",
    "Feeder",
    "Feeder Cattle LRP",
    "FC",
    "GF",
    "Feeder Calves",
    "Stocker Cattle",
    "Stockers",
  ],
  "0802": ["Fed", "Fats", "Fat Cattle", "Live Cattle", "LC", "LE", "Finished Cattle", "Slaughter Cattle"],
  "0803": ["LGM Cattle", "Cattle LGM"],
  "0815": ["Hogs", "Hog", "Lean Hogs", "Lean Hog", "LH", "HE", "Pigs", "Pork", "Swine LRP", "Swine LGM"],
  "0847": ["Dairy", "Milk", "Dairy Cows", "LGM Dairy", "Dairy LGM"],
};

/** Plan → other names ("Livestock Risk Protection", "LRP Feeder"…, starting words compared). */
export const PLAN_NAMES: Readonly<Record<"lrp" | "lgm", readonly string[]>> = {
  lrp: ["LRP", "81", "Livestock Risk Protection", "Livestock Risk Prot", "Livestock Risk"],
  lgm: ["LGM", "82", "Livestock Gross Margin", "Livestock Gross Marg", "Gross Margin"],
};
