import Foundation
import Testing

@testable import SwitchboardAPI

/// Cognito's SRP arithmetic against values computed by pycognito's `aws_srp` (PyPI, an independent
/// implementation) for the same secret `a`, server `B`, salt, secret block and timestamp.
/// `scripts/interop cognito-moto` signs in with `USER_SRP_AUTH` end to end.
@Suite struct CognitoSRPTests {
    struct Vector: Sendable {
        let pool, a, aPrefix, b, salt, user, password, block, signature: String
    }

    // Generated with pycognito: AWSSRP.get_password_authentication_key and process_challenge's
    // message, for a = random 1024 bits, B = 2^(random 1024 bits) mod N.
    static let vectors = [
        Vector(
            pool: "us-east-1_Pool0",
            a:
                "a170b33839263059f28c105d1fb17c2390c192cfd3ac94af0f21ddb66cad4a268d116ece1738f7d93d9c172411e20b8f6b0d549b6f03675a1600a35a099950d836f675cc81e74ef5e8e25d940ed904759531985d5d9dc9f81818e811892f902bd23f0824128b2f330c5c7fd0a6a3a4506513270e269e0d37f2a74de452e6b438",
            aPrefix: "51d2a97820c89c2399a85d3be247a6c6",
            b:
                "d35f2696e0ddc8abf09974a18239a8d067ad7ec73329b14911be8a56be04fe3060e19436af8322512693951d8772fbb18a9baddce746f56273852642f9bdc2db52c7c54b0b600c5813575b6ef8b20eaece6b7f4a7b54bc26cd021a42f39c64349e8afaef62b67c5fa2f72e1ff3098f394937740047047b72cc8d079f978ca59fe04b2509157eb47b6ff31d68139a48cf0e5d0e4166cee813ac475ce32da3ba0dca78e21aadf46053f4a3b563cc41a8ffdf679db420b8296f31519c601f85a930a1f8b4c8faa7e8d05915b3cf1ff069f2944f74a567c2c28c3f4039e3e54393b8c7ef7925c113873ca7e588e0c1d0a523370a2f6cfa74f01d1266f8055f8f63245901297b645cd8ed1cb026c4f6b210373d9011bb49d8e891a64c29dd25494c4851a1e111fcd1e4eaf8b4ba9c536ea6804ff5e5215a400467b7a9d1bc9b2bb2a2510b0da30e367d3f9e940ac79a396e189f856481b9a52ca4d3e0e57b1c2035fd1b95a8d25d5193b6cf83faf98e429c02602b644cc3962e777e47a82943b07b4d",
            salt: "907a70c31012f037b64ce4228c38fb29", user: "user-0-255985076", password: "Pässword-0!",
            block: "sWl3nt+1uTQkBRV/VLEurmLRHoh+sHZtGHf4xu/ya1AQrzF30WHnlQ==",
            signature: "1HvGhv3v7cgndBevR2LeFjhcRgn7R0QIT5S+X8cLpwE="),
        Vector(
            pool: "us-east-1_Pool1",
            a:
                "7d2caf82eeeacbe226e875555790f82ec1d3fcff2a3af4d46b0a18e8830e07bc1e398f1012bd4acefaecbd389be4bcfc49b64a0872e6cc3ababced2057ee05cde00902c77ebff206867347214cdd2055930d6eaf14f4733f3e7d1bfbc7a2ea20b2f14c942e05319acb5c74273f98e2774cbd87ad5c90a9587403e430ec66a787",
            aPrefix: "8c4b622f8845984e50d432188589cc35",
            b:
                "8e433353909bd1e8b58f9308c2dd2ea8ad3abeb35c330d94144a11c818c6e8b347aeb22b55638407d5e856f424e979583d695f40084e6119a83c14d00d482402d960d563986f4ed07ae45747acf26476968704550e77dc84a5319e8317dce419e9a94c78ac30d9789bbf21f78ccf10c7e891f9ac46ac9d9a4e73b18dcafe24abd9006fee89afceed0906a6a8a8f86cd373554fe1231c3b1ff20867b7a9ac3ec724cb5d4aebcd2cdbc1be636ccd871ea4ced88c9ed812b8b4d22c9e7acfe53f5007d8d573eb178836e2b33b5dd14ab4f8b3ba5156339fd38389e57039bad491ae326c45a0133ee84d642096c6b21694251dc4aa0f60438286c460bde482e0f755c2a91886e29efded860b5ebe7c2142a879eef9f27e94e83a7b341fcd673d0cd9e8ae4b957bf23a44ded2c2582b647f9c70116913eaf539558068fe940a05d4f51ffbe929708a9013822af976b362cc32b4208a9ef4813797e25dfd8ca2f9156623776cfd6e5b7db18634462e597e196b965c04f66255423e2acebdac8535a749",
            salt: "afe3b890b93f448b3a5aa3c814f426dcb", user: "user-1-3530140069", password: "Pässword-1!",
            block: "cIMVcq9A20hS63S3TzrDYogSFeMe0yyrPVbVWAevxgU1WM7wkqkxdlo=",
            signature: "a4RkFsruicI5inYEBNTnoTSu4AULh2d/OOFxJeUbDeU="),
        Vector(
            pool: "us-east-1_Pool2",
            a:
                "fc891b4a6a50df4db4d66a3a47469a4d8cdb305fdd2e16096e36aab0d1bc52d9230d977ee22571594720771f8ca8181166d2287672fdf2022a96fb1a14a0f9e77f1b103cdf1582b0eab477d26415479c65dc9f503f63af83bd0561e6211c70cf49952399c4aaeac137dc76fb0f17a3007e62aa0a1df9fd789c6539382b0537e6",
            aPrefix: "6066b7ac8c503d156689c4889e0b5558",
            b:
                "65b5d9bc9f3af047fdb6abf54039e73456a6f0b47b5599c583e98e9f8d244da7780a0b8f46de33d2d3aa8ede43be9670fafb045bb4d6be6c87548d153c4788272e6b9f1a6b12526a655f385dcf69860a451c2f3814c12d0b1d70a2815f6fac1b765c3a6188a034242b6a22c0de38a5f7f15965fb72a3c76bbdee20c7112b506db883db1748f20f92d4762f51e394018125d74c947795382926da83dc14bb8d73c8727a0b4131ef1191a16799e72f1ada9f7683117d756603b078e6db48e5eed4ebea923775fe6b1193bb5b5113fef0f11ebd54a3162785a1a60f672221818cc07ff8ef6148e28de971d20341765c95139183122e2a5da838e425c0086ff8c267e2f2ccdab5c517b8a96ac6a75cd48a1840164b72f7ecb7bf511efa4581f6350dce2b822725637cb63db65721d338ea3e9f0f96bc9b863c8fe4b25a2f29151545b94b069e24fe786c3f4c1f5ac8a8a8081351630851f4d432ad3acf4f4886fb128e235fd627e5c8c4948f27804aaadf8424da3f8e8d9ea83667ba2a7e38839ef1",
            salt: "ada7abe1c29e1a8ef4f341e07a83f73f16", user: "user-2-3177351297", password: "Pässword-2!",
            block: "ZXrSDV2a5nSPy0fmNIP43pEUrMe20K7zkxjg338rOq6jaUHMyG4sj3Jk",
            signature: "4JCgI1w2comuJBa9usmBEqiAWdCeRGWtE218wpCKOi4="),
    ]

    @Test(arguments: 0..<3) func thePasswordClaimMatchesPycognito(_ index: Int) throws {
        let vector = Self.vectors[index]
        let srp = CognitoSRP(smallA: try #require(SRPInteger(hex: vector.a)))
        #expect(srp.publicValueHex.hasPrefix(vector.aPrefix))
        let signature = try srp.passwordClaimSignature(
            userPoolId: vector.pool, userIdForSRP: vector.user, password: vector.password, serverBHex: vector.b,
            saltHex: vector.salt, secretBlock: vector.block, timestamp: "Wed Dec 2 04:05:06 UTC 2026")
        #expect(signature == vector.signature)
    }

    @Test func aServerValueThatBreaksTheProtocolIsRefused() throws {
        let srp = CognitoSRP(smallA: SRPInteger(3))
        for b in ["0", CognitoSRP.primeHex, "1" + String(repeating: "0", count: 800), "not hex"] {
            #expect(throws: CognitoError.self) {
                try srp.passwordClaimSignature(
                    userPoolId: "us-east-1_P", userIdForSRP: "u", password: "p", serverBHex: b, saltHex: "ab",
                    secretBlock: "", timestamp: "t")
            }
        }
    }

    @Test func timestampsAreCognitosFormat() {
        #expect(CognitoSRP.timestamp(Date(timeIntervalSince1970: 1_764_648_306)) == "Tue Dec 2 04:05:06 UTC 2025")
        #expect(CognitoSRP.timestamp(Date(timeIntervalSince1970: 1_767_225_599)) == "Wed Dec 31 23:59:59 UTC 2025")
    }

    @Test func integersRoundTripAndMultiply() throws {
        let value = try #require(SRPInteger(hex: "0fedcba9876543210fedcba98765432100"))
        #expect(value.hex == "fedcba9876543210fedcba98765432100")
        #expect(SRPInteger(bytes: [0x01, 0x00, 0x00, 0x00, 0x00]).hex == "100000000")
        #expect((value * SRPInteger(16)).hex == "fedcba9876543210fedcba987654321000")
        #expect(((value + value) - value) == value)
        let group = MontgomeryModulus(try #require(SRPInteger(hex: "fffffffb")))  // a prime
        #expect(group.power(SRPInteger(3), SRPInteger(0xffff_fffa)) == SRPInteger(1))  // Fermat
    }
}
