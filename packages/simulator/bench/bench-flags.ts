import { ROBOT_MODEL_NAMES_TEXT, type RobotModelPresetName, robotModelPresetByName } from '@fleetlab/warehouse';

/**
 * Reads a bench's command line: each `--flag` in turn is handed to `read` with a function that
 * takes the flag's value (the next argument; an error naming the flag when there is none).
 */
export function readFlags(argv: readonly string[], read: (flag: string, value: () => string) => void): void {
  for (let k = 0; k < argv.length; k++) {
    const flag = argv[k];
    read(flag, () => {
      const given = argv[++k];
      if (given === undefined) throw new Error(`${flag} needs a value`);
      return given;
    });
  }
}

/** A comma-separated list of robot model presets (`--robot-model`, `--robot-models`); an error naming the presets on an unknown one. */
export function robotModelList(value: string): RobotModelPresetName[] {
  return value.split(',').map((name) => {
    const preset = robotModelPresetByName(name);
    if (!preset) throw new Error(`Unknown robot model ${name}; use one of ${ROBOT_MODEL_NAMES_TEXT}`);
    return preset.name;
  });
}
