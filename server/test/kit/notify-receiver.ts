import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { tempDir } from './kit-helpers.ts';

/**
 * A stand-in for systemd's notification socket: a unix datagram socket that
 * records each message with the pid the kernel vouches for (SO_PASSCRED, the
 * credentials systemd checks for NotifyAccess=main). Node has no datagram
 * sockets of its own, so the receiving end is a few lines of Python.
 */
const RECEIVER = String.raw`
import json, socket, struct, sys, time, urllib.request
where, ask = sys.argv[1], sys.argv[2]
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
s.bind("\0" + where[1:] if where.startswith("@") else where)
print("listening", flush=True)
while True:
    data, ancillary, _flags, _addr = s.recvmsg(4096, socket.CMSG_SPACE(12))
    pid = None
    for level, kind, value in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
            pid = struct.unpack("iII", value[:12])[0]
    record = {"at": int(time.time() * 1000), "pid": pid, "message": data.decode()}
    if ask and record["message"] == "READY=1":
        try:
            record["answer"] = urllib.request.urlopen(ask, timeout=10).read().decode()
        except Exception as error:
            record["answer"] = "refused: %s" % error
    print(json.dumps(record), flush=True)
`;

export interface Notification {
  /** when it arrived, ms since the epoch */
  at: number;
  /** the sender's pid, as the kernel reports it */
  pid: number | null;
  message: string;
  /** for READY=1 with `askOnReady`: what that URL answered the moment readiness arrived */
  answer?: string;
}

export interface NotifyReceiver {
  /** the NOTIFY_SOCKET value to give the sender */
  socket: string;
  messages(): Notification[];
  close(): void;
}

/**
 * Starts a receiver on a fresh path (or an abstract name when `abstract`);
 * resolves once it listens. With `askOnReady` it fetches that URL as soon as
 * READY=1 arrives, before reading anything else: readiness must mean the
 * sender already answers.
 */
export function startNotifyReceiver({ abstract = false, askOnReady = '' } = {}): Promise<NotifyReceiver> {
  const socket = abstract ? `@kit-notify-test-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}` : path.join(tempDir('kit-notify-'), 'notify');
  const child: ChildProcess = spawn('python3', ['-c', RECEIVER, socket, askOnReady], { stdio: ['ignore', 'pipe', 'pipe'] });
  const received: Notification[] = [];
  let stderr = '';
  let buffered = '';
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`notify receiver exited (${code}): ${stderr}`)));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'listening') {
          resolve({
            socket,
            messages: () => [...received],
            close: () => {
              child.removeAllListeners('exit');
              child.kill('SIGKILL');
            },
          });
        } else if (line) {
          received.push(JSON.parse(line) as Notification);
        }
      }
    });
  });
}
