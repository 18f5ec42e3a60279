// The table's light as a function of the scenario and the turn on show (ART.md §4, §6): which light
// holds at a turn (conditions.light, else night or day all game), and the rig each light is drawn
// with — sky colours, stars, hemisphere fill, key (sun or moon), fill and environment gloss.
import { lightAt, type LightKind } from '../scenario';
import { PALETTE } from './palette';
import type { SkyColours } from './sky-geometry';

/** The light at a turn: the scenario layer's reading of conditions.light, re-exported for the view. */
export { lightAt };

export interface DirectionalSpec {
  colour: string;
  intensity: number;
  /** Direction towards the light in world space (x east, y up, z south), times the table span's 200 cm. */
  from: readonly [number, number, number];
}

export interface LightingRig {
  light: LightKind;
  sky: SkyColours;
  /** Stars drawn on the dome (0: none). */
  stars: number;
  hemisphere: { sky: string; ground: string; intensity: number };
  key: DirectionalSpec;
  fill: DirectionalSpec;
  /** Strength of the softbox reflections (water, varnish), and the softbox's colour. */
  environment: { intensity: number; colour: string };
}

/** Day (the studio light), first light, dusk and moonlit night. World −z is north, +x east. */
export const LIGHTING: Record<LightKind, LightingRig> = {
  day: {
    light: 'day',
    sky: { zenith: '#7f97b3', horizon: '#d3dbe3', ground: '#2a2d33' },
    stars: 0,
    hemisphere: { sky: PALETTE.skyLight, ground: PALETTE.groundLight, intensity: 0.45 },
    // Key: south-west, about 40° up, so the faces the default camera sees are lit.
    key: { colour: PALETTE.sun, intensity: 2.8, from: [-0.6, 0.75, 0.4] },
    fill: { colour: PALETTE.fill, intensity: 0.4, from: [0.6, 0.45, -0.6] },
    environment: { intensity: 0.3, colour: '#ffffff' },
  },
  dawn: {
    light: 'dawn',
    // Grey-blue overhead, a cold rose band low in the east.
    sky: { zenith: '#4f6080', horizon: '#c7aa9a', ground: '#1c1e24' },
    stars: 0,
    hemisphere: { sky: '#8a98b4', ground: '#25262b', intensity: 0.6 },
    // The sun just up in the east: low, warm, raking across the table.
    key: { colour: '#ffc49a', intensity: 2.6, from: [0.8, 0.36, 0.15] },
    fill: { colour: '#7d92b8', intensity: 0.4, from: [-0.6, 0.5, 0.4] },
    environment: { intensity: 0.18, colour: '#d9c2b4' },
  },
  dusk: {
    light: 'dusk',
    sky: { zenith: '#313c58', horizon: '#b98a72', ground: '#15171c' },
    stars: 120,
    hemisphere: { sky: '#6d7896', ground: '#1d1e22', intensity: 0.5 },
    // The last of the sun, low in the west.
    key: { colour: '#ffad7a', intensity: 2.6, from: [-0.8, 0.3, 0.2] },
    fill: { colour: PALETTE.nightRim, intensity: 0.45, from: [0.6, 0.35, 0.6] },
    environment: { intensity: 0.15, colour: '#c9a48e' },
  },
  night: {
    light: 'night',
    sky: { zenith: '#05080f', horizon: '#1a2336', ground: '#0b0d12' },
    stars: 700,
    hemisphere: { sky: PALETTE.nightSky, ground: PALETTE.nightGround, intensity: 0.4 },
    // Moon north-west and high (the player looks north, so it back-lights a little); a cool rim from
    // behind the default camera's right keeps the fronts of figures out of black.
    key: { colour: PALETTE.moon, intensity: 1.3, from: [-0.5, 0.9, -0.5] },
    fill: { colour: PALETTE.nightRim, intensity: 0.55, from: [0.6, 0.35, 0.6] },
    environment: { intensity: 0.12, colour: PALETTE.moon },
  },
};

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c: number) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/**
 * A rough measure of how much light falls on the table (relative units): the lights' intensities
 * weighted by their colours' luminance, the sun or moon by how high it stands. Tests and the probe read it.
 */
export function tableBrightness(rig: LightingRig): number {
  const dir = (d: DirectionalSpec) => d.intensity * luminance(d.colour) * Math.max(0, d.from[1] / Math.hypot(...d.from));
  const hemi = rig.hemisphere.intensity * (luminance(rig.hemisphere.sky) + luminance(rig.hemisphere.ground)) / 2;
  return hemi + dir(rig.key) + dir(rig.fill);
}
