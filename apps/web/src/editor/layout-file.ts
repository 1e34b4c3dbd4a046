import {
  buildNavigationGraph,
  checkEnvironmentRules,
  checkShelfPlacement,
  dimensionsSchema,
  environmentElementsSchema,
  GridMapError,
  layoutFromGridMapText,
  isMissingForSolving,
  layoutFromElements,
  placePoint,
  type EditableLayout,
  type LayoutElements,
  type NavigationGraph,
} from '@fleetlab/warehouse';
import { chargersPerStationOf, DEFAULT_ROBOTS_PER_STATION, type EditorDocument } from './editor-state.ts';

// Export/import of an environment as a JSON file. The file is the POST /environments body
// (name, description, dimensions, elements with the selected pickups, graph) plus a format
// marker, so an exported file can also be sent to the API as is. On import the derived data
// (pickup candidates, navigation points, robots, graph) is rebuilt from the shelves and
// stations, and every element is checked against the same placement rules as drawing, then the
// whole layout against the server's (`checkEnvironmentRules`: traffic rules, reachability).

const ENVIRONMENT_FILE_FORMAT = 'fleetlab-environment';
const ENVIRONMENT_FILE_VERSION = 1;

export interface EnvironmentFile {
  readonly format: typeof ENVIRONMENT_FILE_FORMAT;
  readonly version: typeof ENVIRONMENT_FILE_VERSION;
  readonly name: string;
  readonly description: string;
  readonly dimensions: { width: number; height: number };
  readonly elements: LayoutElements;
  readonly graph: NavigationGraph;
}

/** A layout as drawn (its selected pickups only) or as stored. */
type DrawnLayout = Pick<EditableLayout, 'dimensions' | 'elements'>;

export function environmentFile(
  meta: { name: string; description: string },
  layout: DrawnLayout,
  graph: NavigationGraph = buildNavigationGraph(layout.elements),
): EnvironmentFile {
  return {
    format: ENVIRONMENT_FILE_FORMAT,
    version: ENVIRONMENT_FILE_VERSION,
    name: meta.name,
    description: meta.description,
    dimensions: { ...layout.dimensions },
    elements: layout.elements,
    graph,
  };
}

/**
 * The POST and PUT /environments body of a layout drawn or opened in the editor: only the
 * selected pickups are saved, with the graph built from them, and the traffic rules when there
 * are any.
 */
export function environmentBody(meta: { name: string; description: string }, layout: DrawnLayout) {
  const { elements: drawn } = layout;
  const { one_way_aisles: aisles = [], keep_clear_cells: keepClear = [] } = drawn;
  const elements = {
    shelves: drawn.shelves.map((shelf) => ({ ...shelf })),
    dropoffs: drawn.dropoffs.map((dropoff) => ({ ...dropoff })),
    robot_stations: drawn.robot_stations.map((station) => ({ ...station })),
    pickups: drawn.pickups.map((pickup) => ({ ...pickup })),
    robots: drawn.robots.map((robot) => ({ ...robot })),
    navigation_points: drawn.navigation_points.map((point) => ({ ...point })),
    ...(aisles.length > 0 ? { one_way_aisles: aisles.map((aisle) => ({ ...aisle })) } : {}),
    ...(keepClear.length > 0 ? { keep_clear_cells: keepClear.map((cell) => ({ ...cell })) } : {}),
  };
  return {
    name: meta.name.trim(),
    description: meta.description.trim(),
    dimensions: { width: layout.dimensions.width, height: layout.dimensions.height },
    elements,
    graph: buildNavigationGraph(elements),
  };
}

/**
 * A stored environment opened in the editor: its selected pickups kept, the pickups it could
 * select and its navigation points derived again, robots and chargers per station read from its
 * first station.
 */
export function editorDocumentOf(environment: DrawnLayout): EditorDocument {
  const firstStation = environment.elements.robot_stations[0];
  return {
    layout: layoutFromElements(environment.dimensions, environment.elements),
    robotsPerStation: firstStation ? firstStation.robot_count : DEFAULT_ROBOTS_PER_STATION,
    chargersPerStation: chargersPerStationOf(environment),
  };
}

export function serializeEnvironmentFile(file: EnvironmentFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A file name from the environment name: lower-case words joined by dashes. */
export function environmentFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'environment'}.json`;
}

export interface ImportedEnvironment {
  readonly name: string | null;
  readonly description: string | null;
  readonly layout: EditableLayout;
  /** The robots-per-station setting implied by the file's stations (null without stations). */
  readonly robotsPerStation: number | null;
}

export type ImportResult = { ok: true; environment: ImportedEnvironment } | { ok: false; errors: string[] };

function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
}

function issueMessages(
  root: string,
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): string[] {
  return issues.map((issue) => `${formatIssuePath([root, ...issue.path])}: ${issue.message}`);
}

function formatPoint(position: readonly number[]): string {
  return `(${position[0]}, ${position[1]})`;
}

function duplicateIds(kind: string, items: ReadonlyArray<{ id: string }>): string[] {
  const seen = new Set<string>();
  const errors: string[] = [];
  for (const item of items) {
    if (seen.has(item.id)) errors.push(`Duplicate ${kind} id ${item.id}`);
    seen.add(item.id);
  }
  return errors;
}

/** Checks the file's layout against the drawing rules; returns every problem found. */
function layoutErrors(dimensions: { width: number; height: number }, elements: LayoutElements): string[] {
  const errors = [
    ...duplicateIds('shelf', elements.shelves),
    ...duplicateIds('dropoff', elements.dropoffs),
    ...duplicateIds('robot station', elements.robot_stations),
    ...duplicateIds('pickup', elements.pickups),
  ];
  const placed: LayoutElements['shelves'] = [];
  for (const shelf of elements.shelves) {
    // Shelves are replayed in file order, as if drawn one by one, against the points too.
    const check = checkShelfPlacement(shelf, {
      dimensions,
      shelves: placed,
      dropoffs: elements.dropoffs,
      robot_stations: elements.robot_stations,
    });
    if (!check.ok) errors.push(`Shelf ${shelf.id}: ${check.reason}`);
    placed.push(shelf);
  }
  const context = { dimensions, shelves: elements.shelves };
  for (const point of [...elements.dropoffs, ...elements.robot_stations]) {
    const placement = placePoint(point.position, context);
    if (!placement.ok) errors.push(`${point.id} at ${formatPoint(point.position)}: ${placement.reason}`);
    else if (placement.position[0] !== point.position[0] || placement.position[1] !== point.position[1]) {
      errors.push(`${point.id} at ${formatPoint(point.position)} is not at a cell centre`);
    }
  }
  return errors;
}

/** Parses and validates an environment file; errors name the field or element at fault. */
export function parseEnvironmentFile(text: string): ImportResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      errors: [`The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: ['The file does not hold an environment object'] };
  }
  const file = raw as Record<string, unknown>;
  if (file.format !== undefined && file.format !== ENVIRONMENT_FILE_FORMAT) {
    return { ok: false, errors: [`format: expected "${ENVIRONMENT_FILE_FORMAT}"`] };
  }
  if (file.version !== undefined && file.version !== ENVIRONMENT_FILE_VERSION) {
    return { ok: false, errors: [`version: this editor reads version ${ENVIRONMENT_FILE_VERSION} files`] };
  }
  const parsedDimensions = dimensionsSchema.safeParse(file.dimensions);
  const parsedElements = environmentElementsSchema.safeParse(file.elements);
  const schemaErrors = [
    ...(parsedDimensions.success ? [] : issueMessages('dimensions', parsedDimensions.error.issues)),
    ...(parsedElements.success ? [] : issueMessages('elements', parsedElements.error.issues)),
  ];
  if (!parsedDimensions.success || !parsedElements.success) return { ok: false, errors: schemaErrors };
  const dimensions = parsedDimensions.data;
  const elements = parsedElements.data;
  const errors = layoutErrors(dimensions, elements);
  if (errors.length > 0) return { ok: false, errors };

  const layout = layoutFromElements(dimensions, elements);
  const kept = new Set(layout.elements.pickups.map((pickup) => pickup.id));
  const unmatched = elements.pickups.filter((pickup) => !kept.has(pickup.id));
  if (unmatched.length > 0) {
    return {
      ok: false,
      errors: unmatched.map(
        (pickup) =>
          `Pickup ${pickup.id} at ${formatPoint(pickup.position)} is not a pickup point of the layout's shelves`,
      ),
    };
  }
  // Traffic rules, places robots cannot stop at, places the aisles cut off: the server's rules.
  // An unfinished layout (no dropoff yet, say) opens in the editor, which names what it lacks.
  const broken = checkEnvironmentRules(layout).errors.filter((problem) => !isMissingForSolving(problem));
  if (broken.length > 0) return { ok: false, errors: broken.map((problem) => problem.message) };
  const firstStation = elements.robot_stations[0];
  const name = typeof file.name === 'string' && file.name.trim() !== '' ? file.name.trim() : null;
  return {
    ok: true,
    environment: {
      name,
      description: typeof file.description === 'string' ? file.description : null,
      layout,
      robotsPerStation: firstStation ? firstStation.robot_count : null,
    },
  };
}

/**
 * Reads a MovingAI grid map (`.map`, the MAPF benchmarks' and the League of Robot Runners'
 * format): its obstacles become shelves, its free cells floor; the planner then places pickups,
 * dropoffs and stations. A malformed map is refused naming the line.
 */
export function parseGridMapFile(fileName: string, text: string): ImportResult {
  try {
    const layout = layoutFromGridMapText(text);
    const name = fileName.replace(/\.map$/i, '').trim();
    return {
      ok: true,
      environment: {
        name: name || null,
        description: `Imported from the grid map ${fileName}`,
        layout,
        robotsPerStation: null,
      },
    };
  } catch (error) {
    if (error instanceof GridMapError) return { ok: false, errors: [error.message] };
    throw error;
  }
}
