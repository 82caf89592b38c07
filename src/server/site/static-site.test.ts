// An unexpected error while serving the site's pages: a plain 500 page in Italian, never the API's JSON.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it, vi } from 'vitest';
import { isSitePath, siteError } from './static-site.ts';

describe('siteError', () => {
  const app = new Hono();
  app.get('/app/rotta', () => {
    throw new Error('disco illeggibile');
  });
  app.get('/app/vietata', () => {
    throw new HTTPException(403, { message: 'Vietato' });
  });
  app.onError(siteError);

  it('answers an unexpected error with a plain 500 in Italian, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await app.request('/app/rotta');
    expect(answer.status).toBe(500);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe('Errore del server: riprova tra qualche istante.');
    expect(logged).toHaveBeenCalledWith('[site] unexpected error', 'GET', '/app/rotta', expect.any(Error));
    logged.mockRestore();
  });

  it('lets an HTTP exception answer as it says', async () => {
    const answer = await app.request('/app/vietata');
    expect(answer.status).toBe(403);
    expect(await answer.text()).toBe('Vietato');
  });

  it('is for the site’s paths only', () => {
    expect(isSitePath('/app/rotta')).toBe(true);
    expect(isSitePath('/cli/ecommerce/cart')).toBe(false);
  });
});
