import { rememberedEmail } from './storage';

// this library's spec types carry no DOM lib; vitest runs it under jsdom
const doc = (globalThis as unknown as { document: { cookie: string } }).document;

const setCookie = (value: string) => { doc.cookie = `reme=${value}; path=/`; };
afterEach(() => { doc.cookie = 'reme=; path=/; max-age=0'; });

describe('rememberedEmail (the reme cookie)', () => {
  it('reads the email as the server sends it: base64 in double quotes (it holds "=")', () => {
    setCookie('"a2VsbGVyQGRlbW8udGVzdA=="');
    expect(rememberedEmail()).toBe('keller@demo.test');
  });
  it('reads an unquoted value, and gives nothing without the cookie or for a broken one', () => {
    setCookie('cWFAZGVtby50ZXN0');
    expect(rememberedEmail()).toBe('qa@demo.test');
    setCookie('"%%%"');
    expect(rememberedEmail()).toBe('');
    doc.cookie = 'reme=; path=/; max-age=0';
    expect(rememberedEmail()).toBe('');
  });
});
