import { isIPv6 } from "node:net";

/**
 * The address a rate limit counts against. Without proxies (TRUST_PROXY_HOPS=0) it is the socket's
 * peer: X-Forwarded-For is anyone's to write. Behind N trusted proxies it is the entry the outermost
 * trusted proxy appended (the N-th from the right). IPv4-mapped IPv6 addresses count as IPv4, and an
 * IPv6 address counts by its /64, which one subscriber usually holds whole.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trustedHops: number,
): string {
  let address = socketAddress ?? "unknown";
  if (trustedHops > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chosen = hops[Math.max(0, hops.length - trustedHops)];
    if (chosen) address = chosen;
  }
  return addressKey(address);
}

export function addressKey(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  return `${expandIPv6(plain).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head = "", tail = ""] = address.split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: Math.max(0, missing) }, () => "0"), ...right].map((part) =>
    part.toLowerCase().replace(/^0+(?=.)/, ""),
  );
}
