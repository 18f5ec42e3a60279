// The table after an infantry attack's events (C-3.3.3.2), a reload (C-3.3.3.2h) or hiding (C-3.3.2a).
import type { GameEvent, TemplateShape } from '../../core';
import type { AttackDieResult } from './events';
import type { CFigure, CTable, CUnit, InfantryAttackState, WeaponState } from './state';

const withFigure = (t: CTable, id: string, change: (f: CFigure) => CFigure): CTable => ({ ...t, figures: t.figures.map((f) => (f.id === id ? change(f) : f)) });
const withAttack = (t: CTable, change: (a: InfantryAttackState) => InfantryAttackState): CTable => (t.attack ? { ...t, attack: change(t.attack) } : t);
/** A figure's weapon state set (loaded: the field dropped). */
const armed = (f: CFigure, state: WeaponState | undefined): CFigure => {
  const { weaponState: _, ...rest } = f;
  return state ? { ...rest, weaponState: state } : rest;
};

/** C-3.3.2c a unit hidden no longer (the field dropped). */
export const unhidden = (u: CUnit): CUnit => {
  const { hidden: _, ...rest } = u;
  return rest;
};

export function evolveAttack(t: CTable, e: GameEvent): CTable {
  switch (e.type) {
    case 'UNIT_ATTACKS': {
      const unit = String(e.unit);
      // C-3.3.2c a unit that shoots is hidden no longer.
      const units = t.units.map((u) => (u.id === unit && u.hidden ? unhidden(u) : u));
      return { ...t, units, attack: { unit, target: String(e.target), defender: String(e.defender), awaiting: [], reloads: [] } };
    }
    case 'ATTACK_DIE': {
      const firer = String(e.firer);
      const result = e.result as AttackDieResult;
      // C-3.3.3.2b a jam: the weapon cannot fire (the jam replaces the reload test); a one-shot weapon is spent.
      let next = result === 'jam' ? withFigure(t, firer, (f) => armed(f, 'jammed')) : e.oneShot ? withFigure(t, firer, (f) => armed(f, 'spent')) : t;
      if (result === 'roll') next = withAttack(next, (a) => ({ ...a, awaiting: [...a.awaiting, { firer, target: String(e.target), die: (e.rolls as number[])[0]!, modifier: Number(e.modifier) }] }));
      // A jam replaces the reload test, also for a template's gunner who had rolled dice before it.
      if (result === 'jam') next = withAttack(next, (a) => ({ ...a, reloads: a.reloads.filter((x) => x !== firer) }));
      // A template's gunner rolls a die for each figure under it but tests his reload once.
      if (result !== 'jam' && e.reload) next = withAttack(next, (a) => (a.reloads.includes(firer) ? a : { ...a, reloads: [...a.reloads, firer] }));
      return next;
    }
    case 'TEMPLATE_LAID':
      return withAttack(t, (a) => ({ ...a, templates: [...(a.templates ?? []), e.shape as TemplateShape] }));
    case 'FIGURE_HIT':
      if (e.outcome === 'killed') return withFigure(t, String(e.figure), (f) => ({ ...f, alive: false }));
      if (e.outcome === 'wounded') return withFigure(t, String(e.figure), (f) => ({ ...f, wounded: true }));
      return t;
    case 'RELOAD_TEST':
      return withFigure(t, String(e.figure), (f) => armed(f, e.loaded ? undefined : 'needs-reload'));
    case 'ATTACK_OVER': {
      const { attack: _, ...rest } = t;
      return rest;
    }
    case 'UNIT_HIDDEN':
      return { ...t, units: t.units.map((u) => (u.id === e.unit ? { ...u, hidden: true } : u)) };
    default:
      return t;
  }
}
