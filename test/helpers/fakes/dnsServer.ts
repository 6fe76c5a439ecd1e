import { createSocket, type Socket } from "node:dgram";

/** What the server answers for a name: A and AAAA addresses, or `silent` (never answer). */
export type DnsAnswer = { a?: string[]; aaaa?: string[] } | "silent";

export interface DnsServer {
  /** `127.0.0.1:PORT`, for Resolver.setServers. */
  address: string;
  /** Every query received: name, type (1 = A, 28 = AAAA) and arrival time (performance.now()). */
  queries: { name: string; type: number; at: number }[];
  close(): Promise<void>;
}

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (i < msg.length && msg[i] !== 0) {
    const len = msg[i] as number;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString("latin1"));
    i += 1 + len;
  }
  return { name: labels.join("."), end: i + 1 };
}

function ipv6Bytes(address: string): Buffer {
  const [head = "", tail = ""] = address.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h;
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => {
    out.writeUInt16BE(Number.parseInt(g, 16), i * 2);
  });
  return out;
}

/**
 * A real DNS server on a local UDP port, for tests of the SSRF guard's resolver: it answers A
 * and AAAA queries from a table (NXDOMAIN for unknown names), or stays silent for a name, to
 * show what happens when DNS hangs.
 */
export async function startDnsServer(answers: Record<string, DnsAnswer>): Promise<DnsServer> {
  const socket: Socket = createSocket("udp4");
  const queries: DnsServer["queries"] = [];
  socket.on("message", (msg, peer) => {
    const { name, end } = readName(msg, 12);
    const type = msg.readUInt16BE(end);
    queries.push({ name, type, at: performance.now() });
    const answer = answers[name.toLowerCase()];
    if (answer === "silent") return;
    const question = msg.subarray(12, end + 4);
    const records =
      answer === undefined
        ? []
        : type === 1
          ? (answer.a ?? []).map((a) => Buffer.from(a.split(".").map(Number)))
          : type === 28
            ? (answer.aaaa ?? []).map(ipv6Bytes)
            : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0); // id
    // QR, RD, RA; RCODE 3 (NXDOMAIN) for an unknown name.
    header.writeUInt16BE(0x8180 | (answer === undefined ? 3 : 0), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(records.length, 6);
    const rrs = records.map((rdata) => {
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(type, 2);
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    socket.send(Buffer.concat([header, question, ...rrs]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
