"""Random USER_SRP_AUTH password claims from pycognito's aws_srp (an independent implementation),
for scripts/interop cognito-moto to compare with Switchboard's.

Usage: cognito_srp_vectors.py generate COUNT SEED FILE   -> FILE (JSON lines with "signature")
       cognito_srp_vectors.py compare FILE OURS          -> prints the count, exits 1 unless all match
"""
import base64
import hashlib
import hmac
import json
import random
import sys

from pycognito.aws_srp import AWSSRP


def generate(count, seed, path):
    rng = random.Random(seed)
    with open(path, "w") as handle:
        for index in range(count):
            pool = f"us-east-{rng.randint(1, 2)}_{rng.getrandbits(40):x}"
            srp = AWSSRP(username="u", password="p", pool_id=pool, client_id="c", client=object())
            a = rng.getrandbits(1024)
            srp.small_a_value = a % srp.big_n
            srp.large_a_value = srp.calculate_a()
            server_b = pow(2, rng.getrandbits(rng.choice([256, 1024])), srp.big_n)
            salt = f"{rng.getrandbits(rng.choice([120, 124, 128, 132])):x}"
            user = f"{rng.getrandbits(64):x}-{index}"
            password = rng.choice(["pässword", "Pw-1!", "a b c", "長いパスワード", ""]) + str(index)
            block = base64.b64encode(rng.randbytes(rng.randint(16, 64))).decode()
            timestamp = f"Mon Jan {rng.randint(1, 31)} 0{rng.randint(0, 9)}:1{rng.randint(0, 9)}:2{rng.randint(0, 9)} UTC 2026"
            key = srp.get_password_authentication_key(user, password, server_b, salt)
            message = pool.split("_")[1].encode() + user.encode() + base64.standard_b64decode(block) + timestamp.encode()
            signature = base64.b64encode(hmac.new(key, message, hashlib.sha256).digest()).decode()
            handle.write(json.dumps({
                "pool": pool, "a": f"{a:x}", "b": f"{server_b:x}", "salt": salt, "user": user,
                "password": password, "block": block, "timestamp": timestamp, "signature": signature,
            }, ensure_ascii=False) + "\n")


def compare(path, ours):
    expected = [json.loads(line)["signature"] for line in open(path)]
    actual = [line.strip() for line in open(ours)]
    same = sum(1 for e, a in zip(expected, actual) if e == a)
    print(f"cognito-srp: {same}/{len(expected)} USER_SRP_AUTH password claims identical to pycognito's")
    return same == len(expected) and len(actual) == len(expected)


if __name__ == "__main__":
    if sys.argv[1] == "generate":
        generate(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        sys.exit(0 if compare(sys.argv[2], sys.argv[3]) else 1)
