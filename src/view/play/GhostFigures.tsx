// A hidden unit as its owner sees it: the figures drawn see-through, with the tools' hover and
// picking and the floor cutaway like any other figure (the enemy's screen never gets these poses).
import type { ThreeEvent } from '@react-three/fiber';
import { Figures, type FigurePose } from '../Figures';
import type { TableModel } from '../table-model';
import type { ToolController } from '../tools/tool-controller';
import { useToolState } from '../tools/use-tools';

export interface GhostFiguresProps {
  model: TableModel;
  poses: FigurePose[];
  tools?: ToolController | undefined;
  onFigureDown: (figureId: string, e: ThreeEvent<PointerEvent>) => void;
  onFigureHover: (figureId: string | null) => void;
  /** Sees a click first; returning true keeps it from the tools. */
  onFigureClick: (figureId: string) => boolean;
}

export function GhostFigures({ tools, ...props }: GhostFiguresProps) {
  if (tools) return <GhostWithTools tools={tools} {...props} />;
  const { model, poses, onFigureDown, onFigureHover, onFigureClick } = props;
  return <Figures ghost model={model} poses={poses} onFigureDown={onFigureDown} onFigureHover={(id) => onFigureHover(id)} onFigureClick={(id) => void onFigureClick(id)} />;
}

function GhostWithTools({ tools, model, poses, onFigureDown, onFigureHover, onFigureClick }: GhostFiguresProps & { tools: ToolController }) {
  const level = useToolState(tools, (s) => (s.eye ? null : s.cutaway));
  return (
    <Figures ghost model={model} poses={poses} maxFloor={level} onFigureDown={onFigureDown}
      onFigureHover={(id, e) => {
        tools.setHover(id ? { figureId: id, clientX: e.nativeEvent.clientX, clientY: e.nativeEvent.clientY } : null);
        onFigureHover(id);
      }}
      onFigureClick={(id) => void (onFigureClick(id) || tools.pickFigure(id))} />
  );
}
