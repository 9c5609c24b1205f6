"""Creates, in a running moto server, what scripts/interop cognito-moto needs: a user pool with an
app client allowing USER_SRP_AUTH, USER_PASSWORD_AUTH and refresh, a confirmed user, and an identity pool that
accepts guests and the user pool's logins. Prints MOTO_URL USER_POOL_ID CLIENT_ID IDENTITY_POOL_ID
USERNAME PASSWORD on one line.

Usage: cognito_moto_setup.py PORT
"""
import json
import secrets
import sys
import urllib.request

PORT = sys.argv[1]
URL = f"http://127.0.0.1:{PORT}/"


def call(service, target, body):
    # Administrative calls are signed in AWS; moto only reads the region and service from the header.
    headers = {
        "Content-Type": "application/x-amz-json-1.1", "X-Amz-Target": target,
        "Authorization": f"AWS4-HMAC-SHA256 Credential=AKIDSETUP/20260101/us-east-1/{service}/aws4_request, "
                         "SignedHeaders=host, Signature=0",
    }
    request = urllib.request.Request(URL, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"{}")


idp = "AWSCognitoIdentityProviderService."
pool = call("cognito-idp", idp + "CreateUserPool", {"PoolName": "switchboard-interop"})["UserPool"]["Id"]
client = call("cognito-idp", idp + "CreateUserPoolClient", {
    "UserPoolId": pool, "ClientName": "app",
    "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
})["UserPoolClient"]["ClientId"]
password = "Pw-" + secrets.token_hex(8) + "!"
call("cognito-idp", idp + "AdminCreateUser", {
    "UserPoolId": pool, "Username": "alice", "TemporaryPassword": "Temp-" + secrets.token_hex(4) + "!",
    "MessageAction": "SUPPRESS",
})
call("cognito-idp", idp + "AdminSetUserPassword", {
    "UserPoolId": pool, "Username": "alice", "Password": password, "Permanent": True,
})
identity_pool = call("cognito-identity", "AWSCognitoIdentityService.CreateIdentityPool", {
    "IdentityPoolName": "switchboard_interop", "AllowUnauthenticatedIdentities": True,
    "CognitoIdentityProviders": [{"ProviderName": f"cognito-idp.us-east-1.amazonaws.com/{pool}", "ClientId": client}],
})["IdentityPoolId"]
print(URL, pool, client, identity_pool, "alice", password)
