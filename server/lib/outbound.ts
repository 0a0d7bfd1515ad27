/**
 * The one guard of every connection the server opens to an address a customer (or the demo) named:
 * origin probes and prefetches (originProbe.ts), port checks (portProbe.ts), availability probes,
 * webhook, SMS and SMTP delivery (monitDelivery.ts), the HTTP edge (edgeControl.ts) and ownership
 * proofs of protected IPs. The rule itself lives in common/rules/outbound.ts, shared with the edge
 * agent (its origin resolution), so that the portal and the nodes refuse the same addresses.
 */
export * from '../../common/rules/outbound';
