// Kuularuisku 1918's rule functions in one place for its tests: state model, events, the evolveK fold,
// the pure rule functions, the turn structure (activation/) and the Ruleset built from them. Production
// code outside src/rules reads the ruleset only through its module (index.ts, via the registry).
export * from './activation';
/** The events' move modes (activation/ has its own, narrower MoveMode: import it from there). */
export type { MoveMode } from './events';
export { kuularuiskuRuleset, createKuularuiskuRuleset, KUULARUISKU_ID, type KuularuiskuRuleset } from './ruleset';
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
export { autoMoves, edgeDirection, nearestEdge } from './auto-move';
export { bestMorale, belowHalf, rollMorale, goToGround, moraleTest, pinnedTest, startRout, routMoveSteps, rout, rallyLeaders, rallyCheck, noRetreatHero, executionVictim, leaderFits } from './morale';
export type { MoraleTrigger } from './morale';
export { evaluateTarget, validateTarget, shootingCandidates, inTheWay, standsHigher, figureSees, ableFirers, majorityCover, coverValue } from './visibility';
export type { TargetOption, PairSight } from './visibility';
export { allocationRefusal, defaultAllocation, woundResult, woundTests, specialWeapon, applyWounds, medicDuties, unitMedic } from './wounds';
export type { MedicPolicy } from './wounds';
export { firepowerOf, shootRefusal, shootingDice, coverTest, moraleAfterFire, resolveShooting } from './shooting';
export type { ShootArgs } from './shooting';
export { validateCharge, pinnedOrRetreating, chargedTargetTest, surrender, defensiveFireRefusal, defensiveFire, chargerMustTest, chargerMorale } from './charge';
export type { ChargeArgs } from './charge';
export { meleeStart, meleeSides, grenadeSides, throwGrenades, meleeDice, fallBack, meleeRound } from './melee';
export type { MeleeOptions } from './melee';
export { maxCoveringFire, splitUnit, reuniteUnit, joinKind, joinUnit, leaveGroup, leaderDive, pickUpWeapon } from './units';
export { destinationFor, startEvacuation, evacuationMoves, returnEscort } from './evacuation';
export { decideAction, ACTION_TYPES } from './actions';
export { kuularuiskuHud, describePlay, moveCommand, contactedEnemy, rulesPanel, logLines, reachOutline, targetsFor, coverWords } from './hud';
export type { KuularuiskuHud, HudView, HudLogLine, HudRuleEntry, HudFigureMove } from './hud';
// Scenario special rules (special.ts validates and resolves them; special-play.ts plays them).
export { validateSpecialRules, buildSpecial, specialHouseValues, outlineOf } from './special';
export type { KSpecialConfig, KSpecialState, SpecialKind } from './special';
export { elevatedRule, nightNow, isLit, isHidden, crossingAt, blownSpanAt } from './special-queries';
export { preparationFire, offTableFire, offTableTargets, offTableRefusal, fireDemolition, demolitionRefusal, chargeRemoval, revealChecks, crossingFalls, specialCommands } from './special-play';
// The player, apart from the rules (player/): random legal play.
export { kuularuiskuPlayer, type KPlayer, type KPlayerOptions } from './player';
