// Paint colours of the table (sRGB hex, ART.md §2 and §5). One place to tune the look by eye under AgX.
import type { AreaFeature } from '../scenario';

export const PALETTE = {
  felt: '#62803a',
  feltDry: '#788444',
  earth: '#6a553b',
  woodsFloor: '#3c4a2c',
  water: '#23312f',
  waterBank: '#3a4237',
  ice: '#c4d2d8',
  road: '#463a31',
  roadPaved: '#5b5750',
  roadTrack: '#5a4a3a',
  marsh: '#4d5a3e',
  rubble: '#8a857f',
  rocky: '#7d776c',
  fieldStubble: '#b7a366',
  fieldCrop: '#8f8a4a',
  fieldPlough: '#6a533a',
  fieldPasture: '#7c8a4c',
  fieldMud: '#5a4535',
  tableEdge: '#3b2a1e',
  tableSide: '#2f2218',
  floor: '#25272b',
  backdrop: '#202226',
  skyLight: '#cdd7e3',
  groundLight: '#4a4236',
  sun: '#ffe9d2',
  fill: '#b8c8e0',
  moon: '#9fb2d6',
  nightSky: '#3b4d6e',
  nightGround: '#15181f',
  nightRim: '#6f84a8',
  spruce: '#2d3b2b',
  leaf: '#4e6a39',
  trunk: '#4a3a2c',
  birchBark: '#d9d5c9',
  figureCoat: '#6b6a4a',
  figureSkin: '#c49a7c',
  figureBase: '#4f5a36',
  neutralSide: '#9a9a9a',
} as const;

/** Ground colour painted for an area feature. */
export function areaColour(a: AreaFeature): string {
  switch (a.kind) {
    case 'woods': return PALETTE.woodsFloor;
    case 'water': return a.frozen ? PALETTE.ice : PALETTE.waterBank;
    case 'road': return a.surface === 'paved' ? PALETTE.roadPaved : a.surface === 'track' ? PALETTE.roadTrack : PALETTE.road;
    case 'marsh': return PALETTE.marsh;
    case 'rubble': return PALETTE.rubble;
    case 'rocky': return PALETTE.rocky;
    case 'field':
      switch (a.crop) {
        case 'crop': return PALETTE.fieldCrop;
        case 'plough': return PALETTE.fieldPlough;
        case 'pasture': return PALETTE.fieldPasture;
        case 'mud': return PALETTE.fieldMud;
        default: return PALETTE.fieldStubble;
      }
  }
}

/** Painting order: later kinds are painted over earlier ones (a road crosses a field, water covers a road). */
export const AREA_PAINT_ORDER: Readonly<Record<AreaFeature['kind'], number>> = {
  field: 0, marsh: 1, rocky: 2, rubble: 3, woods: 4, road: 5, water: 6,
};
