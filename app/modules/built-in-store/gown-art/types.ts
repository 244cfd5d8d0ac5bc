/** What a gown picture is drawn from. */

export type Silhouette = "ball-gown" | "a-line" | "mermaid" | "sheath" | "tea-length" | "cocktail" | "high-low";
export type Neckline = "sweetheart" | "v-neck" | "off-shoulder" | "halter" | "strapless" | "one-shoulder" | "square" | "high-neck";
export type Sleeves = "none" | "cap" | "flutter" | "long" | "puff" | "cape";
export type Fabric = "satin" | "tulle" | "lace" | "chiffon" | "sequin" | "crepe" | "velvet";
export type Detail = "belt" | "bow" | "appliques" | "beading" | "ruffles" | "slit" | "train" | "pleats" | "corset" | "buttons";
export type View = "front" | "back" | "detail";

export interface GownSpec {
  silhouette: Silhouette;
  neckline: Neckline;
  sleeves: Sleeves;
  fabric: Fabric;
  details: Detail[];
}

export interface GownPicture {
  spec: GownSpec;
  /** The gown's colour, #rrggbb. */
  color: string;
  view: View;
  /** Varies sparkle and lace placement between gowns. */
  seed: string;
}

export const ART_WIDTH = 1200;
export const ART_HEIGHT = 1500;
