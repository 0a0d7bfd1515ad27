import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { DOCUMENTATION_REASON, resolveOutbound } from './outbound';
import type { MonitChannel, NotifyStatus } from '../../common/rules/monitoring';
import type { MonitGateways, PortalConfig } from '../config';

/**
 * Delivery of alert notices (issue #20, docs/monitoring.md):
 * - email through SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example:587, and SMTP_FROM) with nodemailer;
 * - SMS as an HTTP POST of {to, text, language} (JSON) to SMS_URL (optional bearer SMS_TOKEN); a 2xx answer is sent;
 * - webhook as an HTTP POST of the notice JSON, signed: X-Portal-Signature: sha256=<hex HMAC-SHA256 of
 *   "<X-Portal-Timestamp>.<body>"> with MONIT_WEBHOOK_SECRET (default: the cipher key). Private and
 *   loopback addresses only with PORTAL_ALLOW_PRIVATE_ORIGINS=1; the vetted address is the one connected to.
 * Every gateway and webhook goes through the outbound guard (server/lib/outbound.ts): documentation
 * addresses and names are refused always ('address reserved for documentation').
 * A channel whose gateway is not configured is 'not_configured', never 'sent'.
 * The gateways are settings of server/config.ts (PortalConfig.monit.delivery).
 */

export interface DeliverySettings extends MonitGateways {
  allowPrivate: boolean;
}

export function deliverySettings(config: Pick<PortalConfig, 'monit' | 'allowPrivateOrigins'>): DeliverySettings {
  return { ...config.monit.delivery, allowPrivate: config.allowPrivateOrigins };
}

export interface Notice {
  channel: MonitChannel;
  /** email address, mobile number or webhook URL */
  target: string;
  subject: string;
  text: string;
  language: 'zh' | 'en';
  /** the webhook's JSON body */
  payload: Record<string, unknown>;
}

export interface DeliveryResult {
  status: Extract<NotifyStatus, 'sent' | 'failed' | 'not_configured' | 'no_address'>;
  reason: string;
  /** a failure worth retrying later (time-out, connection, 5xx, 429) */
  retry?: boolean;
}

const failed = (reason: string, retry = true): DeliveryResult => ({ status: 'failed', reason: reason.slice(0, 500), retry });

export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

async function resolveVetted(host: string, allowPrivate: boolean, timeoutMs: number): Promise<string | DeliveryResult> {
  const r = await resolveOutbound(host, allowPrivate, Date.now() + timeoutMs);
  if (r.ok) return r.ip;
  if (r.reason === 'dns') return failed(`DNS: ${r.detail ?? 'no address'}`);
  return failed(r.reason === 'documentation' ? DOCUMENTATION_REASON : 'private or reserved address refused', false);
}

/** POSTs a JSON body; resolves with the HTTP status. */
async function postJson(url: string, body: string, headers: Record<string, string>, s: DeliverySettings): Promise<DeliveryResult> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return failed('invalid URL', false);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return failed('invalid URL', false);
  const ip = await resolveVetted(u.hostname, s.allowPrivate, s.timeoutMs);
  if (typeof ip !== 'string') return ip;
  const mod = u.protocol === 'https:' ? https : http;
  return new Promise<DeliveryResult>((resolve) => {
    const req = mod.request({
      host: ip,
      port: u.port || (u.protocol === 'https:' ? 443 : 80),
      path: `${u.pathname}${u.search}`,
      method: 'POST',
      agent: false,
      servername: net.isIP(u.hostname) ? undefined : u.hostname,
      headers: {
        host: u.host,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'CDN-Portal-Monit/1.0',
        ...headers,
      },
      timeout: s.timeoutMs,
    });
    const timer = setTimeout(() => req.destroy(new Error('timeout')), s.timeoutMs);
    req.on('response', (res) => {
      clearTimeout(timer);
      const status = res.statusCode ?? 0;
      res.resume();
      if (status >= 200 && status < 300) resolve({ status: 'sent', reason: `HTTP ${status}` });
      else resolve(failed(`HTTP ${status}`, status >= 500 || status === 429));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => {
      clearTimeout(timer);
      resolve(failed((e as NodeJS.ErrnoException).code ?? e.message));
    });
    req.end(body);
  });
}

async function sendEmail(n: Notice, s: DeliverySettings): Promise<DeliveryResult> {
  if (!s.smtpUrl) return { status: 'not_configured', reason: 'SMTP_URL not set' };
  try {
    const u = new URL(s.smtpUrl);
    // The relay is the operator's own service (private addresses allowed), yet never a documentation one.
    const ip = await resolveVetted(u.hostname, true, s.timeoutMs);
    if (typeof ip !== 'string') return ip;
    const name = u.hostname.replace(/^\[|\]$/g, '');
    const transport = nodemailer.createTransport({
      host: ip,
      port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)),
      secure: u.protocol === 'smtps:',
      auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
      // a local relay without TLS (tests, labs) is accepted when the URL says so: smtp://host:port?tls=off
      ignoreTLS: u.searchParams.get('tls') === 'off',
      tls: net.isIP(name) ? undefined : { servername: name },
      connectionTimeout: s.timeoutMs,
      greetingTimeout: s.timeoutMs,
      socketTimeout: s.timeoutMs,
    });
    const info = await transport.sendMail({ from: s.smtpFrom, to: n.target, subject: n.subject, text: n.text });
    transport.close();
    if (info.rejected.length) return failed(`rejected: ${info.rejected.map(String).join(', ')}`, false);
    return { status: 'sent', reason: String(info.response ?? '').slice(0, 200) };
  } catch (e) {
    const err = e as Error & { responseCode?: number; code?: string };
    const reason = err.responseCode ? `SMTP ${err.responseCode}: ${err.message}` : (err.code ?? err.message);
    return failed(reason, !err.responseCode || (err.responseCode >= 400 && err.responseCode < 500));
  }
}

async function sendSms(n: Notice, s: DeliverySettings): Promise<DeliveryResult> {
  if (!s.smsUrl) return { status: 'not_configured', reason: 'SMS_URL not set' };
  const body = JSON.stringify({ to: n.target, text: n.text, language: n.language });
  // The SMS gateway is the operator's own service: private addresses are allowed for it.
  return postJson(s.smsUrl, body, s.smsToken ? { authorization: `Bearer ${s.smsToken}` } : {}, { ...s, allowPrivate: true });
}

async function sendWebhook(n: Notice, s: DeliverySettings): Promise<DeliveryResult> {
  const body = JSON.stringify(n.payload);
  const ts = String(Math.floor(Date.now() / 1000));
  return postJson(n.target, body, { 'x-portal-timestamp': ts, 'x-portal-signature': signWebhook(s.webhookSecret, ts, body) }, s);
}

/** One attempt at one channel. */
export async function deliver(n: Notice, s: DeliverySettings): Promise<DeliveryResult> {
  if (!n.target) return { status: 'no_address', reason: '' };
  switch (n.channel) {
    case 'email':
      return sendEmail(n, s);
    case 'sms':
      return sendSms(n, s);
    case 'webhook':
      return sendWebhook(n, s);
  }
}
