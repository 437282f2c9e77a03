#!/usr/bin/env bash
# MongoDB 8.0 (the version of docker-compose.yml) as a single-node replica set on localhost:27017, for
# .github/workflows/engines.yml: the read store writes a batch and its checkpoint in one transaction, which needs a
# replica set. The member is announced as localhost:27017, the address the tests on the runner use.
set -euo pipefail
docker run -d --name mongodb -p 27017:27017 mongo:8.0 --replSet rs0 --bind_ip_all
for i in $(seq 1 60); do
  if docker exec mongodb mongosh --quiet --eval 'db.runCommand({ ping: 1 }).ok' >/dev/null 2>&1; then break; fi
  sleep 1
done
docker exec mongodb mongosh --quiet --eval "try { rs.status() } catch (e) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }) }"
for i in $(seq 1 60); do
  if [ "$(docker exec mongodb mongosh --quiet --eval 'db.hello().isWritablePrimary')" = "true" ]; then
    echo "MongoDB replica set rs0 is primary"
    exit 0
  fi
  sleep 1
done
echo "MongoDB did not become primary" >&2
docker logs mongodb >&2
exit 1
