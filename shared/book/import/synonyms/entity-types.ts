// How agencies write an entity type, beside RMA's codes and the catalogue's labels (spec §3 "Entity
// types", shared/catalogue/parties.ts: I Individuals, Y Limited Liability Company…). The singular and
// the everyday words agents and AIP exports use ("Individual", "LLC", "Corp", "Husband & Wife",
// "Sole Prop"). "Trust" alone is either kind of trust: the reader asks (reading.ts).

/** Entity type code → other names. */
export const ENTITY_TYPE_NAMES: Readonly<Record<string, readonly string[]>> = {
  A: ["Public School", "School", "School District"],
  B: ["BIA", "Indian Tribe", "Tribe", "Tribal", "Bureau of Indian Affairs"],
  C: [
    "Corporation",
    "Corp",
    "Inc",
    "Incorporated",
    "S Corp",
    "C Corp",
    "S Corporation",
    "C Corporation",
    "Co",
  ],
  D: ["Estate", "Estate of"],
  E: ["Non-Profit", "Nonprofit", "Tax-Exempt", "Tax Exempt", "501(c)(3)", "Non Profit Organization"],
  G: ["Receiver", "Liquidator"],
  H: ["Government", "State Government", "Local Government", "County Government", "Municipality"],
  I: ["Individual", "Indiv", "Ind", "Person", "Single", "Natural Person", "Personal"],
  J: ["Joint Venture", "Joint Operation", "JV", "Co-ownership", "Co-owners", "Joint"],
  P: ["Partnership", "Partners", "General Partnership", "GP", "LP", "LLP", "Limited Partnership", "Ptnr"],
  R: ["Revocable Trust", "Living Trust", "Rev Trust", "Revocable Living Trust"],
  S: [
    "Spousal",
    "Married",
    "Married Couple",
    "Husband and Wife",
    "Husband & Wife",
    "H&W",
    "H/W",
    "Spouses",
    "Husband/Wife",
  ],
  T: ["Irrevocable Trust", "Irrev Trust"],
  X: ["Sole Proprietor", "Sole Proprietorship", "Sole Prop", "DBA", "Individual DBA"],
  Y: ["LLC", "L.L.C.", "Limited Liability Co", "Ltd Liability Company"],
};

/** Words that name more than one type: the codes among which the agent chooses. */
export const AMBIGUOUS_ENTITY_TYPES: Readonly<Record<string, readonly string[]>> = {
  Trust: ["R", "T"],
  Trusts: ["R", "T"],
};
