import zlib from 'node:zlib';

/** A file for a zip archive. */
export interface ZipEntry {
  name: string;
  data: Buffer | string;
}

/** DOS date and time of a JS date (local fields, as zip tools expect). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** What a local header and its central directory record share. */
interface Shared {
  time: number;
  date: number;
  crc: number;
  packed: number;
  size: number;
  nameLength: number;
}

/** The shared fields, from `at` (4 in a local header, 6 in a central record): version needed, flags, method, ... name length. */
function writeShared(header: Buffer, at: number, f: Shared): void {
  header.writeUInt16LE(20, at); // version needed
  header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
  header.writeUInt16LE(8, at + 4); // deflate
  header.writeUInt16LE(f.time, at + 6);
  header.writeUInt16LE(f.date, at + 8);
  header.writeUInt32LE(f.crc, at + 10);
  header.writeUInt32LE(f.packed, at + 14);
  header.writeUInt32LE(f.size, at + 18);
  header.writeUInt16LE(f.nameLength, at + 22);
}

/**
 * A small zip writer (deflate, UTF-8 names) for downloads of a few small text files; no
 * dependency needed. Layout: local headers + data, central directory, end record.
 */
export function zip(entries: ZipEntry[], when = new Date()): Buffer {
  const { time, date } = dosTime(when);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const packed = zlib.deflateRawSync(data);
    const shared: Shared = { time, date, crc: zlib.crc32(data), packed: packed.length, size: data.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeShared(local, 4, shared);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    writeShared(central, 6, shared);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
