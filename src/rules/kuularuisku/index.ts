// Kuularuisku 1918 rules engine: state model, events, the evolveK fold and the pure rule functions
// the flow (src/flow) wires into the Ruleset. Everything outside src/rules imports from here.
export type * from './state';
export type * from './events';
export { ev } from './events';
export { evolveK, foldK } from './evolve';
export { setupK } from './setup';
export { validateKScenario, KUnitData, KFigureData, KRules, nationalityCompatible } from './scenario-data';
export { loadHouseValues, resolveHouse, HOUSE_ENTRIES, DEFAULT_HOUSE, houseEntry, HouseSettingsSchema } from './house';
export type { HouseEntry, HouseKey } from './house';
export { WEAPONS, SKILLS, ORGANISATIONS, weaponById, skillInfo, loadWeapons, loadSkills, loadOrganisations, squadSize } from './data';
export type { Weapon, SkillInfo, OrganisationInfo } from './data';
export * from './constants';
export { refuse, houseOf, Steps } from './context';
export type { KCtx, KQuery, KResult, KRefusal } from './context';
export { chainGroups, isCoherent, stragglers } from './coherency';
export { movementAllowance, validateMove, moveRefusal, isLeaderless, seriousCanMove, mgSlowed } from './movement';
export type { FigureStep, MoveArgs } from './movement';
export { analysePath } from './paths';
export { goingAt, areaGoing, coverAt, coverOfFeature, coverOfTag } from './terrain';
export { liveFigures, baseOf, bodyOf, figureDistance, unitDistance, figureToUnit, enemyOf } from './table';
