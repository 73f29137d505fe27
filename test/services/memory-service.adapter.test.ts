/**
 * Runs the Feathers database-adapter conformance suite (@feathersjs/adapter-tests) against
 * MemoryService, through the shared shim in test/support/feathers-adapter.ts, for the default `id`
 * field and a custom one.
 *
 * Skipped tests: none (all 79 per service run).
 */
import { MemoryService } from '../../runtime/framework/index.ts';
import { runAdapterSuite } from '../support/feathers-adapter.ts';

runAdapterSuite('MemoryService', {
  people: new MemoryService(),
  'people-customid': new MemoryService({ id: 'customid' }),
});
