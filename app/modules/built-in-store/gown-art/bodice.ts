/** The bodice by neckline and view, straps, and the sleeves. */

import { CX, WAIST_Y, f, mirror, rightContour, smooth, torsoHalfWidth } from "./geometry";
import type { Neckline, Sleeves, View } from "./types";

interface BodiceShape {
  path: string;
  /** Extra pieces drawn over the bodice: straps, bands. */
  extras: string[];
  /** Sheer panels (illusion necklines). */
  sheer: string[];
  /** Where the neckline's lowest point sits, for beading and the detail crop. */
  topY: number;
}

/** Closes a bodice from a neckline drawn left to right: down the right side, across the waist, up the left. */
function bodiceFromNeckline(neckline: string, sideTopY: number): string {
  const right = rightContour(sideTopY, WAIST_Y);
  const left = mirror(right);
  const waistDip = 8;
  return (
    `M ${f(left[left.length - 1]![0])} ${f(sideTopY)} ${neckline}` +
    smooth(right) +
    ` Q ${f(CX)} ${f(WAIST_Y + waistDip * 2)} ${f(left[0]![0])} ${f(WAIST_Y)}` +
    smooth(left) +
    " Z"
  );
}

export function bodice(neckline: Neckline, view: View): BodiceShape {
  const side = 214; // where a strapless bodice meets the side seam
  const sw = torsoHalfWidth(side);
  if (view === "back") {
    // From behind most gowns show an open back; straps and bands keep their line.
    const top = ` C ${f(CX - sw + 18)} ${f(side - 10)} ${f(CX - 30)} ${f(side - 6)} ${f(CX)} ${f(side - 4)} C ${f(CX + 30)} ${f(side - 6)} ${f(CX + sw - 18)} ${f(side - 10)} ${f(CX + sw)} ${f(side)}`;
    const extras: string[] = [];
    if (neckline === "off-shoulder") extras.push(offShoulderBand());
    if (neckline === "halter" || neckline === "high-neck")
      extras.push(`M ${f(CX - 12)} 150 L ${f(CX + 12)} 150 L ${f(CX + 9)} 214 L ${f(CX - 9)} 214 Z`);
    if (neckline === "v-neck" || neckline === "square") extras.push(strap(-1), strap(1));
    if (neckline === "one-shoulder") extras.push(oneShoulderStrap());
    return { path: bodiceFromNeckline(top, side), extras, sheer: neckline === "high-neck" ? [illusionYoke()] : [], topY: side };
  }
  switch (neckline) {
    case "strapless": {
      const top = ` C ${f(CX - sw + 20)} ${f(side - 6)} ${f(CX - 40)} ${f(side - 4)} ${f(CX)} ${f(side - 2)} C ${f(CX + 40)} ${f(side - 4)} ${f(CX + sw - 20)} ${f(side - 6)} ${f(CX + sw)} ${f(side)}`;
      return { path: bodiceFromNeckline(top, side), extras: [], sheer: [], topY: side };
    }
    case "sweetheart":
    case "high-neck": {
      const top =
        ` C ${f(CX - sw + 6)} ${f(side - 14)} ${f(CX - 46)} ${f(side - 20)} ${f(CX - 26)} ${f(side - 12)}` +
        ` C ${f(CX - 12)} ${f(side - 6)} ${f(CX - 4)} ${f(side + 8)} ${f(CX)} ${f(side + 18)}` +
        ` C ${f(CX + 4)} ${f(side + 8)} ${f(CX + 12)} ${f(side - 6)} ${f(CX + 26)} ${f(side - 12)}` +
        ` C ${f(CX + 46)} ${f(side - 20)} ${f(CX + sw - 6)} ${f(side - 14)} ${f(CX + sw)} ${f(side)}`;
      return { path: bodiceFromNeckline(top, side), extras: [], sheer: neckline === "high-neck" ? [illusionYoke()] : [], topY: side + 18 };
    }
    case "v-neck": {
      const armpit = 206;
      const aw = torsoHalfWidth(armpit);
      const top =
        ` C ${f(CX - aw + 4)} 190 ${f(CX - 52)} 176 ${f(CX - 50)} 162` +
        ` L ${f(CX - 30)} 160 C ${f(CX - 22)} 200 ${f(CX - 8)} 240 ${f(CX)} 264` +
        ` C ${f(CX + 8)} 240 ${f(CX + 22)} 200 ${f(CX + 30)} 160 L ${f(CX + 50)} 162` +
        ` C ${f(CX + 52)} 176 ${f(CX + aw - 4)} 190 ${f(CX + aw)} ${armpit}`;
      return { path: bodiceFromNeckline(top, armpit), extras: [], sheer: [], topY: 264 };
    }
    case "square": {
      const armpit = 206;
      const aw = torsoHalfWidth(armpit);
      const top =
        ` C ${f(CX - aw + 4)} 192 ${f(CX - 50)} 178 ${f(CX - 48)} 162 L ${f(CX - 32)} 162 L ${f(CX - 34)} 222` +
        ` Q ${f(CX)} 226 ${f(CX + 34)} 222 L ${f(CX + 32)} 162 L ${f(CX + 48)} 162 C ${f(CX + 50)} 178 ${f(CX + aw - 4)} 192 ${f(CX + aw)} ${armpit}`;
      return { path: bodiceFromNeckline(top, armpit), extras: [], sheer: [], topY: 224 };
    }
    case "halter": {
      const top =
        ` C ${f(CX - sw + 10)} ${f(side - 20)} ${f(CX - 30)} 184 ${f(CX - 16)} 152` +
        ` L ${f(CX - 8)} 152 C ${f(CX - 10)} 190 ${f(CX - 6)} 220 ${f(CX)} 236` +
        ` C ${f(CX + 6)} 220 ${f(CX + 10)} 190 ${f(CX + 8)} 152 L ${f(CX + 16)} 152` +
        ` C ${f(CX + 30)} 184 ${f(CX + sw - 10)} ${f(side - 20)} ${f(CX + sw)} ${f(side)}`;
      return {
        path: bodiceFromNeckline(top, side),
        extras: [`M ${f(CX - 22)} 146 Q ${f(CX)} 140 ${f(CX + 22)} 146 L ${f(CX + 20)} 156 Q ${f(CX)} 150 ${f(CX - 20)} 156 Z`],
        sheer: [],
        topY: 236,
      };
    }
    case "off-shoulder": {
      const band = 204;
      const bw = torsoHalfWidth(band);
      const top = ` C ${f(CX - bw + 20)} ${f(band + 8)} ${f(CX - 30)} ${f(band + 14)} ${f(CX)} ${f(band + 16)} C ${f(CX + 30)} ${f(band + 14)} ${f(CX + bw - 20)} ${f(band + 8)} ${f(CX + bw)} ${f(band)}`;
      return { path: bodiceFromNeckline(top, band), extras: [offShoulderBand()], sheer: [], topY: band + 16 };
    }
    case "one-shoulder": {
      const low = 220;
      const lw = torsoHalfWidth(low);
      const top = ` L ${f(CX - 62)} 168 C ${f(CX - 50)} 162 ${f(CX - 38)} 160 ${f(CX - 30)} 164 C ${f(CX)} 190 ${f(CX + 30)} 206 ${f(CX + lw)} ${low}`;
      const path = bodiceFromNeckline(top, low).replace(
        /^M [\d.]+ [\d.]+/,
        `M ${f(CX - torsoHalfWidth(low))} ${low} L ${f(CX - torsoHalfWidth(196))} 196`,
      );
      return { path, extras: [oneShoulderStrap()], sheer: [], topY: 200 };
    }
  }
}

function strap(sideSign: -1 | 1): string {
  const x = CX + sideSign * 40;
  return `M ${f(x - 9)} 158 L ${f(x + 9)} 158 L ${f(x + 10 * sideSign + 8)} 214 L ${f(x + 10 * sideSign - 8)} 214 Z`;
}

function offShoulderBand(): string {
  // A soft band that wraps the upper arms, wider than the shoulders.
  return (
    `M ${f(CX - 96)} 198 C ${f(CX - 60)} 186 ${f(CX + 60)} 186 ${f(CX + 96)} 198` +
    ` C ${f(CX + 100)} 210 ${f(CX + 98)} 220 ${f(CX + 92)} 226` +
    ` C ${f(CX + 60)} 214 ${f(CX - 60)} 214 ${f(CX - 92)} 226` +
    ` C ${f(CX - 98)} 220 ${f(CX - 100)} 210 ${f(CX - 96)} 198 Z`
  );
}

function oneShoulderStrap(): string {
  return `M ${f(CX - 74)} 172 C ${f(CX - 66)} 160 ${f(CX - 44)} 154 ${f(CX - 30)} 160 L ${f(CX - 26)} 172 C ${f(CX - 40)} 168 ${f(CX - 58)} 172 ${f(CX - 66)} 184 Z`;
}

function illusionYoke(): string {
  return `M ${f(CX - 20)} 150 C ${f(CX - 40)} 158 ${f(CX - 70)} 164 ${f(CX - 74)} 176 L ${f(CX - 66)} 214 L ${f(CX + 66)} 214 L ${f(CX + 74)} 176 C ${f(CX + 70)} 164 ${f(CX + 40)} 158 ${f(CX + 20)} 150 Z`;
}

// ---------------------------------------------------------------------------
// Sleeves

export function sleevePaths(sleeves: Sleeves): { solid: string[]; sheer: string[]; behind: string[]; gathers?: string[] } {
  const sides: (-1 | 1)[] = [-1, 1];
  const at = (s: -1 | 1, x: number) => f(CX + s * x);
  switch (sleeves) {
    case "none":
      return { solid: [], sheer: [], behind: [] };
    case "cap":
      return {
        solid: sides.map(
          (s) =>
            `M ${at(s, 52)} 160 C ${at(s, 72)} 158 ${at(s, 88)} 172 ${at(s, 90)} 196 C ${at(s, 82)} 200 ${at(s, 74)} 200 ${at(s, 66)} 202 C ${at(s, 70)} 186 ${at(s, 64)} 172 ${at(s, 52)} 168 Z`,
        ),
        sheer: [],
        behind: [],
      };
    case "puff":
      return {
        solid: sides.map(
          (s) =>
            `M ${at(s, 50)} 162 C ${at(s, 64)} 148 ${at(s, 92)} 150 ${at(s, 100)} 170 C ${at(s, 106)} 186 ${at(s, 100)} 204 ${at(s, 86)} 210 C ${at(s, 80)} 200 ${at(s, 72)} 190 ${at(s, 64)} 186 C ${at(s, 62)} 176 ${at(s, 58)} 168 ${at(s, 50)} 166 Z`,
        ),
        sheer: [],
        behind: [],
        gathers: sides.flatMap((s) => [
          `M ${at(s, 62)} 160 Q ${at(s, 76)} 178 ${at(s, 80)} 200`,
          `M ${at(s, 74)} 156 Q ${at(s, 88)} 176 ${at(s, 92)} 198`,
        ]),
      };
    case "flutter":
      return {
        solid: [],
        sheer: sides.map(
          (s) =>
            `M ${at(s, 48)} 162 C ${at(s, 70)} 156 ${at(s, 92)} 170 ${at(s, 104)} 200 C ${at(s, 110)} 214 ${at(s, 112)} 226 ${at(s, 106)} 238 Q ${at(s, 98)} 228 ${at(s, 92)} 240 Q ${at(s, 84)} 230 ${at(s, 76)} 238 Q ${at(s, 72)} 222 ${at(s, 66)} 206 C ${at(s, 62)} 190 ${at(s, 58)} 174 ${at(s, 48)} 168 Z`,
        ),
        behind: [],
      };
    case "long":
      return {
        solid: [],
        sheer: sides.map(
          (s) =>
            `M ${at(s, 56)} 164 C ${at(s, 78)} 160 ${at(s, 90)} 174 ${at(s, 92)} 196 C ${at(s, 96)} 260 ${at(s, 104)} 340 ${at(s, 108)} 420 L ${at(s, 86)} 424 C ${at(s, 82)} 350 ${at(s, 74)} 270 ${at(s, 68)} 206 Z`,
        ),
        behind: [],
      };
    case "cape":
      // Drawn in drawGown, where the length of the gown is known.
      return { solid: [], sheer: [], behind: [] };
  }
}
