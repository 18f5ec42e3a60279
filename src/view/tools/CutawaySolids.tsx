// The solids with the floor cutaway applied (roofs and storeys above the chosen level removed).
// Eye view always shows every solid: it shows what the eye sees.
import type { ComponentProps } from 'react';
import { useMemo } from 'react';
import { Solids } from '../Solids';
import { cutSolids } from './cutaway';
import type { ToolController } from './tool-controller';
import { useToolState } from './use-tools';

export interface CutawaySolidsProps extends ComponentProps<typeof Solids> {
  tools?: ToolController | undefined;
}

function Cut({ tools, solids, features }: CutawaySolidsProps & { tools: ToolController }) {
  const level = useToolState(tools, (s) => (s.eye ? null : s.cutaway));
  const shown = useMemo(() => cutSolids(solids, level), [solids, level]);
  return <Solids solids={shown} features={features} />;
}

export function CutawaySolids({ tools, ...props }: CutawaySolidsProps) {
  return tools ? <Cut tools={tools} {...props} /> : <Solids {...props} />;
}
