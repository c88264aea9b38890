// One imagery layer as GET /api/imagery lists it, for the tests of the imagery styles, the base map
// menu and the map.
import type { Imagery } from '../imagery/imageryContract.ts';

export const orthophoto: Imagery = {
  name: 'orthophoto-2024',
  source: 'file',
  label: 'Orthophoto 2024',
  bbox: [-87.7, 41.85, -87.55, 41.95],
  minzoom: 10,
  maxzoom: 17,
  tiles: '/tiles/imagery/orthophoto-2024/{z}/{x}/{y}.webp?v=3',
  attribution: 'Cook County GIS',
  version: 1,
  year: 2024,
};
