/**
 * The bounds of the Realtime door, like every other door's: a socket that passes one is
 * closed, never the server. An owner tunes the first ones with environment variables (main.ts).
 */
export interface RealtimeLimits {
  /** REALTIME_CONNECTIONS_PER_ADDRESS: open sockets per client address (an IPv6 /64 as one); 0: off. */
  maxConnectionsPerAddress: number;
  /**
   * REALTIME_IDLE_TIMEOUT_MS: a socket that sends nothing this long (no heartbeat) is closed, and so
   * is one without a channel this long (it never joined, or left its last one).
   */
  idleTimeoutMs: number;
  /** REALTIME_MAX_BUFFERED_BYTES: frames waiting for a slow reader past this close its socket. */
  maxBufferedBytes: number;
  /** Channels one socket may join. */
  maxChannelsPerSocket: number;
  /** Largest frame a client may send (ws closes the socket with 1009 past it). */
  maxMessageBytes: number;
  /** Sustained messages per second per socket; twice as many may come in a burst. */
  messagesPerSecond: number;
}

/**
 * realtime-js opens one socket per page, joins a channel or two, and sends a heartbeat every 25 s:
 * 16 sockets per address leave room for a household's tabs behind one NAT address while staying
 * far below the 64 HTTP sockets an address may hold (connections.ts), so its data API reads always
 * find a socket. 60 s idle is two missed heartbeats and a half. 4 MiB is ~40 of the largest
 * signatures a socket has not taken yet. 16 KiB fits any message realtime-js sends for a join.
 */
export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxConnectionsPerAddress: 16,
  idleTimeoutMs: 60_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxChannelsPerSocket: 16,
  maxMessageBytes: 16 * 1024,
  messagesPerSecond: 10,
};
