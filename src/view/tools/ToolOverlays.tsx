// Everything the tools draw on the table, in table coordinates (mounted inside TableSpace).
import { FigureMarkers } from './FigureMarkers';
import { RangeRings } from './RangeRings';
import { SightLines } from './SightLines';
import type { ToolController } from './tool-controller';
import { Tape } from './Tape';

export interface ToolOverlaysProps {
  tools: ToolController;
}

export function ToolOverlays({ tools }: ToolOverlaysProps) {
  return (
    <group name="tools">
      <FigureMarkers tools={tools} />
      <RangeRings tools={tools} />
      <SightLines tools={tools} />
      <Tape tools={tools} />
    </group>
  );
}
