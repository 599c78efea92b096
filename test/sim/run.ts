/**
 * The long simulator run: `npm run test:sim -- --steps N [--seed S] [--seeds K] [--rebuild-every M]
 * [--resources a,b]`.
 * Without `--seed` it runs seeds 1..K (default 1); every run prints its seed, and a failure
 * prints the step and the command that reproduces it, then exits 1.
 */
import { parseArgs } from 'node:util';
import { kindsOf } from '../../src/testing/arbitraries.js';
import { describeCounts, simulate, SimulationFailure } from '../../src/testing/simulate.js';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    seeds: { type: 'string', default: '1' },
    'rebuild-every': { type: 'string' },
    resources: { type: 'string' },
  },
});

const steps = Number(values.steps);
const seeds = values.seed === undefined ? Array.from({ length: Number(values.seeds) }, (_, i) => i + 1) : [Number(values.seed)];
const rebuildEvery = values['rebuild-every'] === undefined ? undefined : Number(values['rebuild-every']);
// `--resources cards,time` draws only those resources' operations (a focused, deeper session).
const kinds = values.resources === undefined ? undefined : kindsOf(values.resources.split(','));
let failed = false;
for (const seed of seeds) {
  const started = performance.now();
  try {
    const onStep = (step: number): void => {
      if ((step + 1) % 1000 === 0) process.stderr.write(`seed ${seed}: ${step + 1} of ${steps} steps, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    };
    const report = simulate({ seed, steps, onStep, ...(rebuildEvery === undefined ? {} : { rebuildEvery }), ...(kinds === undefined ? {} : { kinds }) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const days = (report.simulatedMs / 86_400_000).toFixed(1);
    console.log(`seed ${seed}: ${report.steps} steps, ${report.requests} requests (${report.refused} refused as allowed), ${report.events} events, ${days} simulated days, ${report.reads} reads x 5 engines equal, ${seconds} s`);
    console.log(`  ${describeCounts(report.counts)}`);
  } catch (error) {
    failed = true;
    console.error(error instanceof SimulationFailure ? error.message : error);
  }
}
process.exit(failed ? 1 : 0);
