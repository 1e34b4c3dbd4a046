import type { KeyboardEvent } from 'react';
import type { Environment } from '../api/types.ts';

export interface PointPickerMapProps {
  readonly environment: Pick<Environment, 'dimensions' | 'elements'>;
  /** The pickup waiting for its dropoff, drawn selected. */
  readonly selectedPickupId: string | null;
  readonly onPickupClick: (pickupId: string) => void;
  readonly onDropoffClick: (dropoffId: string) => void;
}

// Spec §5/§9: points are picked within 0.3 of a cell.
const POINT_RADIUS = 0.3;
const LABEL_SIZE = 0.32;
/** Pixels a cell gets at least (up to the window's height), so a point is a target a pointer hits and its id reads. */
const MIN_CELL_PX = 24;

/**
 * The map's height: its rows at `MIN_CELL_PX` each, at least 24rem and at most the window less the
 * page's top bar; the width follows the floor's shape. A 30 x 30 pick zone drew 13 px cells in
 * a fixed 24rem box, its ids 3 px high.
 */
export function pointPickerHeight(rows: number): string {
  return `min(max(24rem, ${rows * MIN_CELL_PX}px), calc(100vh - 8rem))`;
}

function activateOnKey(event: KeyboardEvent, action: () => void) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    action();
  }
}

/**
 * The environment drawn as SVG in grid units, with every pickup and dropoff a keyboard-
 * reachable button: click a pickup, then a dropoff, to add a pair. SVG rather than the
 * read-only canvas map because each point needs its own hit target and accessible name.
 */
export function PointPickerMap({ environment, selectedPickupId, onPickupClick, onDropoffClick }: PointPickerMapProps) {
  const { width, height } = environment.dimensions;
  const elements = environment.elements;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      style={{ height: pointPickerHeight(height) }}
      className="w-full rounded-lg border border-slate-800 bg-slate-950"
      role="group"
      aria-label="Environment map: click a pickup, then a dropoff"
    >
      <defs>
        <pattern id="picker-grid" width="1" height="1" patternUnits="userSpaceOnUse">
          <path d="M 1 0 L 0 0 0 1" fill="none" stroke="#1e293b" strokeWidth="0.03" />
        </pattern>
      </defs>
      <rect x="0" y="0" width={width} height={height} fill="url(#picker-grid)" />
      {(elements.shelves ?? []).map((shelf) => (
        <rect
          key={shelf.id}
          x={shelf.position[0]}
          y={shelf.position[1]}
          width={shelf.size[0]}
          height={shelf.size[1]}
          fill="#475569"
          stroke="#64748b"
          strokeWidth="0.04"
        >
          <title>{`Shelf ${shelf.id}`}</title>
        </rect>
      ))}
      {(elements.robot_stations ?? []).map((station) => (
        <rect
          key={station.id}
          x={station.position[0] - 0.35}
          y={station.position[1] - 0.35}
          width="0.7"
          height="0.7"
          rx="0.1"
          fill="#a16207"
          opacity="0.6"
        >
          <title>{`Robot station ${station.id}`}</title>
        </rect>
      ))}
      {(elements.dropoffs ?? []).map((dropoff) => (
        <g
          key={dropoff.id}
          role="button"
          tabIndex={0}
          aria-label={`Dropoff ${dropoff.id}`}
          className="cursor-pointer focus:outline-none [&:focus>rect]:stroke-white"
          onClick={() => onDropoffClick(dropoff.id)}
          onKeyDown={(event) => activateOnKey(event, () => onDropoffClick(dropoff.id))}
        >
          <rect
            x={dropoff.position[0] - POINT_RADIUS}
            y={dropoff.position[1] - POINT_RADIUS}
            width={POINT_RADIUS * 2}
            height={POINT_RADIUS * 2}
            fill="#10b981"
            stroke="#064e3b"
            strokeWidth="0.05"
          />
          <title>{`Dropoff ${dropoff.id}`}</title>
          <text
            x={dropoff.position[0]}
            y={dropoff.position[1] - POINT_RADIUS - 0.08}
            fontSize={LABEL_SIZE}
            textAnchor="middle"
            fill="#6ee7b7"
          >
            {dropoff.id}
          </text>
        </g>
      ))}
      {(elements.pickups ?? []).map((pickup) => {
        const selected = pickup.id === selectedPickupId;
        return (
          <g
            key={pickup.id}
            role="button"
            tabIndex={0}
            aria-label={`Pickup ${pickup.id}`}
            aria-pressed={selected}
            className="cursor-pointer focus:outline-none [&:focus>circle]:stroke-white"
            onClick={() => onPickupClick(pickup.id)}
            onKeyDown={(event) => activateOnKey(event, () => onPickupClick(pickup.id))}
          >
            <title>{`Pickup ${pickup.id} on shelf ${pickup.shelf_id}`}</title>
            <circle
              cx={pickup.position[0]}
              cy={pickup.position[1]}
              r={selected ? POINT_RADIUS * 1.25 : POINT_RADIUS}
              fill={selected ? '#facc15' : '#38bdf8'}
              stroke={selected ? '#fef08a' : '#0c4a6e'}
              strokeWidth="0.05"
            />
            <text
              x={pickup.position[0]}
              y={pickup.position[1] + LABEL_SIZE / 3}
              fontSize={LABEL_SIZE * 0.8}
              textAnchor="middle"
              fill="#0f172a"
              pointerEvents="none"
            >
              {pickup.id}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
