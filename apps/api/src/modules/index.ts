import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps';

// One line per product area. Order matters only where a module uses another's service.
export async function registerModules(app: FastifyInstance, deps: AppDeps) {
  void app;
  void deps;
}
