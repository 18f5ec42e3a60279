// The format's resource bounds, in one place: a file over any of them is refused when it is validated
// (naming the limit), before building its battlefield would exhaust memory or time. Real tables use a
// small fraction of each (a 180 × 120 cm table, about 22,000 height samples, 50 features, 120 figures).

export const LIMITS = {
  /** Any length, height or coordinate in the file, cm (1 km). */
  magnitude: 100_000,
  /** Table width and depth, cm (50 m). */
  tableSide: 5_000,
  /** Height samples of the relief (columns × rows, from spacing or samples), and of an imported grid (a 700 × 700 cm table at 1 cm builds in seconds). */
  reliefSamples: 500_000,
  /** Relief samples × (hills + fortification path points + water outlines): the sampling work. */
  reliefWork: 100_000_000,
  features: 2_000,
  /** Trees drawn in one woods. */
  trees: 5_000,
  /** Points of one polygon or path. */
  shapePoints: 1_000,
  /** Points of all polygons and paths together (their self-intersection checks grow with the square). */
  totalShapePoints: 20_000,
  /** Length of all walls, hedges, fences and parapets together, cm (each 3 cm piece is one solid). */
  obstacleLength: 100_000,
  /**
   * Plan area the battlefield's solids cover, cm², each box counted by its rotation-safe square plus a
   * 10 cm margin (the sight culler indexes every 10 cm square a solid touches; real tables: under 300,000).
   */
  solidCover: 50_000_000,
  /** Solids (Rapier colliders) the battlefield would build, as counted at validation (real tables: under 1,200; 20,000 build in about a second). */
  solids: 50_000,
  /** Floors and openings of one building; embrasures of one fortification. */
  floors: 100,
  /** Openings of one building (cutting a wall around them grows with the cube of their number) … */
  openings: 200,
  /** … and of all buildings together (real tables: about 100). */
  totalOpenings: 2_000,
  embrasures: 500,
  /** A roof's height over its building's smaller side (the physics cannot hull a needle: it fails near 1,000). */
  roofSlenderness: 100,
  sides: 16,
  /** Deployment zones of one side. */
  deployment: 100,
  units: 1_000,
  /** Figures of all units together. */
  figures: 2_000,
  objectives: 500,
  victory: 100,
  specialRules: 500,
  beats: 500,
  /** Changes of light in one game (conditions.light). */
  lightChanges: 100,
  /** Units one beat highlights. */
  highlight: 1_000,
} as const;
