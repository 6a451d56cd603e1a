from kit.errors import ServiceError


class Unprocessable(ServiceError):
    status_code = 422
    message = "Invalid request"
