import { Router } from 'express';
import { z } from 'zod';
import { parseOrThrow } from '../http/parseRequest.ts';
import { HTML_PAGE_CSP } from '../html/htmlPage.ts';
import type { Outbox } from './outbox.ts';
import { renderOutboxPage } from './outboxPage.ts';

const outboxQuerySchema = z.object({
  to: z.string().min(1).optional(),
  format: z.enum(['json', 'html']).optional(),
});

/** GET /dev/outbox: HTML for people, JSON (`?format=json` or Accept) for tests. */
export function outboxRouter(outbox: Outbox): Router {
  const router = Router();
  router.get('/dev/outbox', (req, res) => {
    const query = parseOrThrow(outboxQuerySchema, req.query);
    const messages = outbox.list(query.to);
    const format = query.format ?? (req.accepts(['html', 'json']) === 'json' ? 'json' : 'html');
    res.set('Cache-Control', 'no-store');
    if (format === 'json') {
      res.json({ messages });
      return;
    }
    res.set('Content-Security-Policy', HTML_PAGE_CSP).type('html').send(renderOutboxPage(messages));
  });
  return router;
}
