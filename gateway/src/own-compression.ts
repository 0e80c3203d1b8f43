import { gatewayRoutes } from '@medrelay/contracts/api-routes';
import { compressAnswers } from '@medrelay/service-kit';
import type { RequestHandler } from 'express';
import { queueBoardPath } from './queue-board';

/** Paths the gateway answers itself (its contract routes, the API description, health, the queue board). */
const ownPaths = new Set([...gatewayRoutes.map((route) => route.path), '/api/openapi.json', '/health']);
const ownPrefixes = ['/api/docs/', `${queueBoardPath}/`];

export function isOwnAnswer(urlPath: string): boolean {
  return (
    ownPaths.has(urlPath) ||
    urlPath === '/api/docs' ||
    urlPath === queueBoardPath ||
    ownPrefixes.some((prefix) => urlPath.startsWith(prefix))
  );
}

/**
 * Compression for the gateway's own answers only. Proxied answers are compressed by the service
 * that made them (createServiceApp) and pass through as bytes: wrapping them here would cost
 * gateway CPU on every call for nothing. Static files come precompressed (static.ts).
 */
export function compressOwnAnswers(): RequestHandler {
  const compress = compressAnswers();
  return (req, res, next) => (isOwnAnswer(req.path) ? compress(req, res, next) : next());
}
