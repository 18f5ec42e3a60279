// Scenario layer: the file format, its validation and plan-view shapes of features.
export * from './schema';
export { parseScenario, parseScenarioOrThrow, validateScenario, formatIssue, jsonPath, ScenarioError, describeJsonError } from './load';
export { describeZodIssue } from './zod-issue';
export type { ScenarioIssue, LoadResult } from './load';
export { resolveTags, defaultTags, defaultAreaHeight } from './tags';
export type { ResolvedTags } from './tags';
export { buildingCorners, areaPolygon, isArea, featurePoints, AREA_KINDS } from './shapes';
export { storeyHeight, wallLength } from './checks';
export { withVehicles } from './play-vehicles';
export { placedFeature } from './place-feature';
export { beatOnUnits, withBeatsOnUnits } from './beats-present';
export { LIMITS } from './limits';
export { featureName, specialRuleName } from './feature-name';
export type { NamedFeatures } from './feature-name';
export { reliefSampleCounts } from './resource-checks';
export { lightAt, lightEntryAt } from './light';
export { MARKS, splitMarks, marksUsed, markProblems, withoutMarks } from './marks';
export type { MarkKind, MarkInfo, MarkedSegment } from './marks';
