/**
 * A web server for the check section, in a process of its own: on
 * 127.0.0.1 (a port of the system's choosing, printed as the first line of
 * standard output), it answers every request 200 after `DELAY` ms (the
 * first argument), an HTML page to GET; `/__count` answers how many
 * requests it had. It ends when its standard input closes.
 */
import http from 'node:http';

const delay = Number(process.argv[2] ?? 0);
let count = 0;
const page = Buffer.from('<h1 id="x">x</h1>');
const server = http.createServer((request, response) => {
  if (request.url === '/__count') {
    response.end(String(count));
    return;
  }
  count++;
  // a Content-Length, as real servers send, also to HEAD: without one Node's server closes the connection after a HEAD
  const answer = () => response.writeHead(200, { 'content-type': 'text/html', 'content-length': page.byteLength }).end(request.method === 'HEAD' ? undefined : page);
  if (delay > 0) setTimeout(answer, delay);
  else answer();
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
