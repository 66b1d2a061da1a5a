import { createRequire } from 'node:module';

/**
 * The datagram socket systemd reads service notifications from
 * (`NOTIFY_SOCKET`), written by this process itself. Node has no unix
 * datagram sockets, so libc's socket()/sendto() are called through koffi (a
 * foreign-function package with prebuilt binaries for linux x64 and arm64).
 * With `NotifyAccess=main` systemd accepts only datagrams whose sender is the
 * service's main process, which is why no helper process may send them.
 */
export interface NotifySocket {
  /** Sends one notification ("READY=1", "WATCHDOG=1"); throws with the errno name when it cannot. */
  send(message: string): void;
  close(): void;
}

// Linux's values (the same on x86-64 and arm64).
const AF_UNIX = 1;
const SOCK_DGRAM = 2;
const SOCK_NONBLOCK = 0o4000; // never block the event loop: a full queue is an error, the next ping retries
const SOCK_CLOEXEC = 0o2000000;
const MSG_NOSIGNAL = 0x4000;
const SUN_PATH_MAX = 108;

interface Libc {
  socket: (domain: number, type: number, protocol: number) => number;
  sendto: (fd: number, buf: Buffer, len: number, flags: number, addr: Buffer, addrLen: number) => number;
  close: (fd: number) => number;
  errnoName: () => string;
}

let libc: Libc | null = null;

/** Loaded on first use only: a server outside systemd never loads the native part. */
function loadLibc(): Libc {
  if (libc) return libc;
  const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
  const lib = koffi.load('libc.so.6');
  const names = new Map(Object.entries(koffi.os.errno).map(([name, value]) => [value, name]));
  libc = {
    socket: lib.func('int socket(int domain, int type, int protocol)'),
    sendto: lib.func('intptr_t sendto(int fd, const void *buf, size_t len, int flags, const void *addr, uint32_t addrlen)'),
    close: lib.func('int close(int fd)'),
    errnoName: () => {
      const errno = koffi.errno();
      return names.get(errno) ?? `errno ${errno}`;
    },
  };
  return libc;
}

/**
 * struct sockaddr_un for NOTIFY_SOCKET: a path, or `@name` for Linux's
 * abstract namespace (a leading NUL byte, no terminating one), as sd_notify(3) reads it.
 */
export function socketAddress(notifySocket: string): Buffer {
  const abstract = notifySocket.startsWith('@');
  const name = Buffer.from(abstract ? notifySocket.slice(1) : notifySocket);
  if (!abstract && !notifySocket.startsWith('/')) throw new Error(`NOTIFY_SOCKET no es una ruta absoluta ni abstracta: ${notifySocket}`);
  if (name.length === 0 || name.length + 1 > SUN_PATH_MAX) throw new Error(`NOTIFY_SOCKET demasiado largo o vacío: ${notifySocket}`);
  const address = Buffer.alloc(2 + 1 + name.length);
  address.writeUInt16LE(AF_UNIX, 0);
  name.copy(address, abstract ? 3 : 2); // abstract: sun_path[0] stays NUL; a path: its NUL terminator is the last byte
  return address;
}

export function openNotifySocket(notifySocket: string): NotifySocket {
  const address = socketAddress(notifySocket);
  const c = loadLibc();
  const fd = c.socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) throw new Error(`socket(): ${c.errnoName()}`);
  let open = true;
  return {
    send(message) {
      if (!open) throw new Error('el socket de notificación está cerrado');
      const data = Buffer.from(message);
      if (c.sendto(fd, data, data.length, MSG_NOSIGNAL, address, address.length) !== data.length) {
        throw new Error(`sendto(${notifySocket}): ${c.errnoName()}`);
      }
    },
    close() {
      if (open) c.close(fd);
      open = false;
    },
  };
}
