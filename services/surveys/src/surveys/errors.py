from kit.errors import ServiceError


class Unprocessable(ServiceError):
    """Well-formed input that breaks a rule of the questionnaire (names the field)."""

    status_code = 422
    message = "Invalid request"
