import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signs requests for `AWS_IAM` authorization (AWS Signature Version 4).
public protocol IAMRequestSigner: Sendable {
    /// Returns `request` with the signature headers added. Every header already present is signed.
    func sign(_ request: URLRequest, region: String, service: String) async throws -> URLRequest
}

/// Signs `AWS_IAM` operations last, after the custom interceptors, so that their headers are signed.
struct IAMSigningStage: OperationStage {
    /// AppSync's SigV4 service name.
    static let appSyncService = "appsync"
    /// API Gateway's SigV4 service name.
    static let apiGatewayService = "execute-api"

    /// The service `endpoint` is signed for: API Gateway hosts are always `execute-api`; otherwise
    /// the configured service, else AppSync's for GraphQL APIs and API Gateway's for REST APIs.
    static func service(for endpoint: APIEndpointConfiguration) -> String {
        if let host = endpoint.endpoint.host?.lowercased(), host.contains(".execute-api.") { return apiGatewayService }
        if let configured = endpoint.signingService { return configured }
        return endpoint.endpointType == .rest ? apiGatewayService : appSyncService
    }

    let signer: (any IAMRequestSigner)?

    var name: StageName { .signer }

    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
    {
        guard context.authorizationType == .awsIAM else { return try await next(request, context) }
        guard let region = context.endpoint.region else {
            throw APIError.invalidConfiguration(
                "The API \"\(context.apiName)\" has no region, which AWS_IAM signing needs.",
                "Add region to api.plugins.awsAPIPlugin.\(context.apiName)."
            )
        }
        guard let signer else {
            throw APIError.invalidConfiguration(
                "The request uses AWS_IAM but the API plugin has no IAM signer.",
                "Create the plugin with APIPlugin(iamSigner:)."
            )
        }
        let signed: URLRequest
        do {
            signed = try await signer.sign(request, region: region, service: Self.service(for: context.endpoint))
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.operationError(
                "Signing the request with AWS_IAM failed: \(error)",
                "Check the AWS credentials available to the process.",
                error
            )
        }
        return try await next(signed, context)
    }
}
