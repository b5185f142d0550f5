// How npm start's cluster is set up (server/cluster.ts): who accepts connections, and the workers' V8 flags.
import cluster from 'node:cluster';
import { schedulingPolicy, workerExecArgv } from '../../server/cluster.ts';

describe('cluster options', () => {
  it('lets each worker accept its own connections unless NODE_CLUSTER_SCHED_POLICY asks for round-robin', () => {
    expect(schedulingPolicy({})).toBe(cluster.SCHED_NONE);
    expect(schedulingPolicy({ NODE_CLUSTER_SCHED_POLICY: 'none' })).toBe(cluster.SCHED_NONE);
    expect(schedulingPolicy({ NODE_CLUSTER_SCHED_POLICY: 'rr' })).toBe(cluster.SCHED_RR);
  });

  it('caps the workers\' young generation only when WORKER_SEMI_SPACE_MB asks and nothing else set it', () => {
    expect(workerExecArgv({}, ['--import', 'tsx'])).toEqual(['--import', 'tsx']);
    expect(workerExecArgv({ WORKER_SEMI_SPACE_MB: '0' }, [])).toEqual([]);
    expect(workerExecArgv({ WORKER_SEMI_SPACE_MB: '2' }, ['--import', 'tsx'])).toEqual(['--import', 'tsx', '--max-semi-space-size=2']);
    expect(workerExecArgv({ WORKER_SEMI_SPACE_MB: '2' }, ['--max-semi-space-size=8'])).toEqual(['--max-semi-space-size=8']);
    expect(workerExecArgv({ WORKER_SEMI_SPACE_MB: '2', NODE_OPTIONS: '--max-semi-space-size=4' }, [])).toEqual([]);
  });

  it.each(['-1', '1.5', 'two', '257'])('refuses WORKER_SEMI_SPACE_MB=%s', (value) => {
    expect(() => workerExecArgv({ WORKER_SEMI_SPACE_MB: value }, [])).toThrow(/WORKER_SEMI_SPACE_MB/);
  });
});
